package mlirgen

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/model"
)

// genText emits the TextCodec: text-encoded entries read into typed values
// and typed values printed back, through keywords or hand-written hooks.
func (g *gen) genText(f *jen.File) {
	g.genTextPair(f, g.m.Attributes, "Attribute", jen.Qual(model.IR, "Attribute"))
	g.genTextPair(f, g.m.Dialect.Types, "Type", jen.Qual(model.IR, "Type"))
	if g.hasAsmForms() {
		g.genAsmForms(f)
	}
}

func (g *gen) genTextPair(f *jen.File, list []*defs.Def, what string, iface *jen.Statement) {
	var keywords, prefixes, prints []jen.Code
	hooks := false
	for _, def := range list {
		t := def.Text
		if t == nil {
			continue
		}
		if t.Keyword != "" {
			keywords = append(keywords, jen.Case(jen.Lit(t.Keyword)).Block(jen.Return(jen.Id(defs.ConstructorName(def)).Call(jen.Id("ctx")), jen.Nil())))
			prints = append(prints, jen.Case(jen.Op("*").Id(def.Name)).Block(jen.Return(jen.Lit(t.Keyword), jen.True())))
			continue
		}
		prefixes = append(prefixes, jen.Case(jen.Qual("strings", "HasPrefix").Call(jen.Id("text"), jen.Lit(t.Prefix))).Block(
			jen.List(jen.Id("v"), jen.Err()).Op(":=").Id(t.Parse).Call(jen.Id("ctx"), jen.Id("text"), jen.Id("release")),
			// A nil pointer must not become a non-nil interface.
			jen.If(jen.Err().Op("!=").Nil().Op("||").Id("v").Op("==").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
			jen.Return(jen.Id("v"), jen.Nil()),
		))
		prints = append(prints, jen.Case(jen.Op("*").Id(def.Name)).Block(jen.Return(jen.Id(t.Print).Call(jen.Id("v")), jen.True())))
		hooks = true
	}
	var body []jen.Code
	if len(keywords) > 0 {
		body = append(body, jen.Switch(jen.Id("text")).Block(keywords...))
	}
	if len(prefixes) > 0 {
		body = append(body, jen.Switch().Block(prefixes...))
	}
	forms := g.hasAsmForms()
	if forms {
		// The forms a definition declares (a mnemonic and a format).
		body = append(body, jen.Return(jen.Id("asmForms").Dot("Parse"+what).Call(jen.Id("ctx"), jen.Id("text"), jen.Id("release"))))
	} else {
		body = append(body, jen.Return(jen.Nil(), jen.Nil()))
	}
	ctxName, relName := "ctx", "release"
	if len(keywords) == 0 && len(prefixes) == 0 && !forms {
		ctxName = "_"
	}
	if len(prefixes) == 0 && !forms {
		relName = "_"
	}
	f.Comment(fmt.Sprintf("Parse%s reads the textual form of a %s %s stored as text; it", what, g.m.Name, model.LowerFirst(what)))
	f.Comment("returns nil and no error for text this dialect does not model. release is")
	f.Comment("the producer's LLVM major (0: the newest).")
	f.Func().Params(jen.Id("dialect")).Id("Parse"+what).Params(jen.Id(ctxName).Op("*").Qual(model.IR, "Context"), jen.Id("text").String(), jen.Id(relName).Int()).Params(iface.Clone(), jen.Error()).Block(body...)
	pv := "v"
	if len(prints) == 0 {
		pv = "_"
	}
	pbody := []jen.Code{}
	if len(prints) > 0 {
		sw := jen.Id("v").Assert(jen.Type())
		if hooks {
			sw = jen.Id("v").Op(":=").Id("v").Assert(jen.Type())
		}
		pbody = append(pbody, jen.Switch(sw).Block(prints...))
	}
	if forms {
		pbody = append(pbody, jen.Return(jen.Id("asmForms").Dot("Print"+what).Call(jen.Id("v"))))
		pv = "v"
	} else {
		pbody = append(pbody, jen.Return(jen.Lit(""), jen.False()))
	}
	f.Comment(fmt.Sprintf("Print%s prints the textual form of a %s the dialect stores as text.", what, model.LowerFirst(what)))
	f.Func().Params(jen.Id("dialect")).Id("Print"+what).Params(jen.Id(pv).Add(iface.Clone())).Params(jen.String(), jen.Bool()).Block(pbody...)
}
