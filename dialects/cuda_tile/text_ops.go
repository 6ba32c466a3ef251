package cudatile

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// What cuda-tile writes in C++ for its ops' text form (CudaTile.cpp): the
// custom directives its formats name, the ops with a custom format, and
// the result and block argument names it suggests.

// Custom directives.

func printSignedness(p *tileir.Printer, _ tileir.Op, v Signedness) { p.Write(v.String()) }

func parseSignedness(p *tileir.Parser, dst *Signedness) {
	parseKeywordEnum(p, dst, "expected signedness to be one of: {'signed', 'unsigned'}")
}

func printComparisonPredicate(p *tileir.Printer, _ tileir.Op, v ComparisonPredicate) {
	p.Write(v.String())
}

func parseComparisonPredicate(p *tileir.Parser, dst *ComparisonPredicate) {
	parseKeywordEnum(p, dst, "expected 'comparison_predicate' to be one of: {'equal', 'not_equal', 'less_than', 'less_than_or_equal', 'greater_than', 'greater_than_or_equal'}")
}

func printComparisonOrdering(p *tileir.Printer, _ tileir.Op, v ComparisonOrdering) {
	p.Write(v.String())
}

func parseComparisonOrdering(p *tileir.Parser, dst *ComparisonOrdering) {
	parseKeywordEnum(p, dst, "expected 'comparison_ordering' to be one of: {'ordered', 'unordered'}")
}

// parseKeywordEnum parses a required enum keyword, failing with msg.
func parseKeywordEnum[E tileir.Enum](p *tileir.Parser, dst *E, msg string) {
	off := p.Offset()
	k, ok := p.Keyword()
	if ok {
		if v, ok := tileir.EnumFromText[E](k); ok {
			*dst = v
			return
		}
	}
	p.ErrorAt(off, "%s", msg)
}

// printRounding prints rounding<MODE> unless the mode is the default.
func printRounding(p *tileir.Printer, v, def RoundingMode) {
	if v != def {
		p.Write("rounding<" + v.String() + ">")
	}
}

// parseRounding parses an optional rounding<MODE>: def when absent; a
// mode outside allowed is an error when strict (else any mode is taken).
func parseRounding(p *tileir.Parser, dst *RoundingMode, def RoundingMode, strict bool, allowed ...string) {
	if !p.Optional("rounding") {
		*dst = def
		return
	}
	p.Expect("<")
	k := p.ExpectKeyword("keyword")
	p.Expect(">")
	if p.Failed() {
		return
	}
	quoted := make([]string, len(allowed))
	for i, a := range allowed {
		quoted[i] = "'" + a + "'"
	}
	v, ok := tileir.EnumFromText[RoundingMode](k)
	switch {
	case !ok && !strict:
		p.Errorf("expected rounding mode to be one of: %s", strings.Join(quoted, ", "))
	case !ok || strict && !contains(allowed, k):
		p.Errorf("expected rounding mode to be one of: %s, got: '%s'", strings.Join(quoted, ", "), k)
	}
	*dst = v
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

func printIEEERoundingMode(p *tileir.Printer, _ tileir.Op, v RoundingMode) {
	printRounding(p, v, RoundingModeNearestEven)
}

func parseIEEERoundingMode(p *tileir.Parser, dst *RoundingMode) {
	parseRounding(p, dst, RoundingModeNearestEven, true, "nearest_even", "zero", "negative_inf", "positive_inf")
}

func printDivFOpRoundingMode(p *tileir.Printer, _ tileir.Op, v RoundingMode) {
	printRounding(p, v, RoundingModeNearestEven)
}

func parseDivFOpRoundingMode(p *tileir.Parser, dst *RoundingMode) {
	parseRounding(p, dst, RoundingModeNearestEven, false, "nearest_even", "zero", "negative_inf", "positive_inf", "approx", "full")
}

func printSqrtOpRoundingMode(p *tileir.Printer, _ tileir.Op, v RoundingMode) {
	printRounding(p, v, RoundingModeNearestEven)
}

func parseSqrtOpRoundingMode(p *tileir.Parser, dst *RoundingMode) {
	parseRounding(p, dst, RoundingModeNearestEven, false, "nearest_even", "zero", "negative_inf", "positive_inf", "approx")
}

func printExpOpRoundingMode(p *tileir.Printer, _ tileir.Op, v RoundingMode) {
	printRounding(p, v, RoundingModeFull)
}

func parseExpOpRoundingMode(p *tileir.Parser, dst *RoundingMode) {
	parseRounding(p, dst, RoundingModeFull, false, "approx", "full")
}

func printTanHOpRoundingMode(p *tileir.Printer, _ tileir.Op, v RoundingMode) {
	printRounding(p, v, RoundingModeFull)
}

func parseTanHOpRoundingMode(p *tileir.Parser, dst *RoundingMode) {
	parseRounding(p, dst, RoundingModeFull, false, "approx", "full")
}

func printIntegerRoundingMode(p *tileir.Printer, _ tileir.Op, v RoundingMode) {
	printRounding(p, v, RoundingModeNearestIntToZero)
}

func parseIntegerRoundingMode(p *tileir.Parser, dst *RoundingMode) {
	parseRounding(p, dst, RoundingModeNearestIntToZero, true, "nearest_int_to_zero")
}

// printSymbolVisibility prints "private " (with its space) for private,
// nothing for public.
func printSymbolVisibility(p *tileir.Printer, _ tileir.Op, v SymbolVisibility) {
	if v != SymbolVisibilityPublic {
		p.Write(v.String() + " ")
	}
}

func parseSymbolVisibility(p *tileir.Parser, dst *SymbolVisibility) {
	*dst = SymbolVisibilityPublic
	if k, ok := p.OptionalKeywordOf("public", "private"); ok {
		*dst, _ = tileir.EnumFromText[SymbolVisibility](k)
	}
}

// printAssumePredicate prints the predicate without its #cuda_tile.
// prefix: div_by<16>.
func printAssumePredicate(p *tileir.Printer, _ tileir.Op, a tileir.Attr) {
	switch a.(type) {
	case *DivByAttr, *SameElementsAttr, *BoundedAttr:
		s := p.Sub(func() { p.Attr(a) })
		p.Write(strings.TrimPrefix(s, "#cuda_tile."))
	default:
		p.Attr(a)
	}
}

func parseAssumePredicate(p *tileir.Parser, dst *tileir.Attr) {
	off := p.Offset()
	if p.Tok().Kind == asm.HashIdent {
		a := p.Attr()
		switch a.(type) {
		case *DivByAttr, *SameElementsAttr, *BoundedAttr:
			*dst = a
		default:
			p.ErrorAt(off, "expected assume predicate attribute")
		}
		return
	}
	k, ok := p.Keyword()
	if !ok {
		p.ErrorAt(off, "expected attribute name")
		return
	}
	switch k {
	case "div_by", "same_elements", "bounded":
		*dst = parseAttrBody(p, k)
	default:
		p.ErrorAt(off, "unknown assume predicate attribute: %s (expected 'div_by', 'same_elements', or 'bounded')", k)
	}
}

// parseDenseTypedElementsAttr parses <E: VALUE> : TYPE.
func parseDenseTypedElementsAttr(p *tileir.Parser, dst *tileir.Dense, typ *tileir.Type) {
	v := parseDenseLiteral(p)
	*dst = tileir.Dense{Data: v.Data}
	*typ = v.Type
}

func parseDenseTypedElementsAttrNoResult(p *tileir.Parser, dst *tileir.Dense) {
	*dst = parseDenseLiteral(p)
}

// printIfOpRegion prints a then or else region, its yield left out when
// it has no operands.
func printIfOpRegion(p *tileir.Printer, op tileir.Op, r *tileir.Region) {
	p.Region(r, op, false, !implicitTerminator[*YieldOp](r))
}

// implicitTerminator reports whether a region ends with a terminator of
// kind T without operands (printControlFlowRegion leaves it out).
func implicitTerminator[T tileir.Op](r *tileir.Region) bool {
	if len(r.Blocks) == 0 || len(r.Blocks[0].Ops) == 0 {
		return true
	}
	last := r.Blocks[0].Ops[len(r.Blocks[0].Ops)-1]
	if _, ok := last.(T); !ok {
		return !last.Info().Terminator
	}
	return len(tileir.Operands(last)) == 0
}

func parseIfOpRegion(p *tileir.Parser, r *tileir.Region) {
	p.Region(r, nil, nil)
	tileir.EnsureTerminator(r, func() tileir.Op { return &YieldOp{} })
}

// printArgumentRegion prints a newline, the region's arguments as a
// signature and the region (reduce, scan).
func printArgumentRegion(p *tileir.Printer, op tileir.Op, r *tileir.Region) {
	p.Newline()
	var args []*tileir.Value
	if len(r.Blocks) > 0 {
		args = r.Blocks[0].Args
	}
	p.RegionArgs(args, func(t tileir.Type) { printShort(p, t) })
	p.Write(" ")
	p.Region(r, op, false, true)
}

func parseArgumentRegion(p *tileir.Parser, r *tileir.Region) {
	args := p.ArgList(func() tileir.Type { return parseShortType(p) })
	p.Region(r, nil, args)
}

// Ops with a custom format.

// printEntry prints a kernel: @name(%arg0: T) [optimization_hints=<…>]
// { body }. testing$func prints the same, with results.
func printEntry(p *tileir.Printer, o *EntryOp) {
	p.Write(" ")
	p.Symbol(o.SymName)
	var body *tileir.Region
	if len(o.Regions) > 0 {
		body = o.Regions[0]
	}
	var args []*tileir.Value
	if body != nil && len(body.Blocks) > 0 {
		args = body.Blocks[0].Args
	}
	p.RegionArgs(args, func(t tileir.Type) { printShort(p, t) })
	if f, ok := o.FunctionType.(*FunctionType); ok && len(f.Results) > 0 {
		p.Write(" -> ")
		if len(f.Results) == 1 {
			printShort(p, f.Results[0])
		} else {
			p.Byte('(')
			printCudaTileTypeList(p, o, f.Results)
			p.Byte(')')
		}
	}
	if h := o.OptimizationHints; h != nil && len(h.Entries) > 0 {
		p.Write(" optimization_hints=")
		printHintsBody(p, h)
	}
	p.Write(" ")
	p.Region(body, o, false, true)
	p.AttrDict(o, false, "arg_attrs", "function_type", "sym_name", "res_attrs", "optimization_hints")
}

// parseEntry parses what printEntry prints, with argument attributes and
// locations, result lists and an attribute dictionary after the body.
func parseEntry(p *tileir.Parser, o *EntryOp) {
	name, ok := p.SymbolName()
	if !ok {
		p.Errorf("expected valid '@'-identifier for symbol name")
		return
	}
	o.SymName = name
	args := p.ArgList(func() tileir.Type { return parseShortType(p) })
	f := &FunctionType{Inputs: []tileir.Type{}, Results: []tileir.Type{}}
	for _, a := range args {
		f.Inputs = append(f.Inputs, a.Type)
	}
	if p.Optional("->") {
		if p.Optional("(") {
			p.List(")", func() {
				f.Results = append(f.Results, parseShortType(p))
				p.SkipAttrDict()
			})
			p.Expect(")")
		} else {
			f.Results = append(f.Results, parseShortType(p))
		}
	}
	o.FunctionType = f
	if p.Optional("optimization_hints") {
		p.Expect("=")
		if a, ok := parseAttrBody(p, "optimization_hints").(*OptimizationHintsAttr); ok {
			o.OptimizationHints = a // empty hints are kept (and written), though not printed
		}
	}
	o.Regions = tileir.NewRegions(1)
	p.Region(o.Regions[0], o, args)
	tileir.EnsureTerminator(o.Regions[0], func() tileir.Op { return &ReturnOp{} })
	p.AttrDict(o, false)
}

// printFor prints [unsigned] %iv in (%lb to %ub, step %s) : T
// [iter_values(%a = %x, …) -> (T, …) ] { body }.
func printFor(p *tileir.Printer, o *ForOp) {
	r := o.Region()
	var args []*tileir.Value
	if len(r.Blocks) > 0 {
		args = r.Blocks[0].Args
	}
	if o.UnsignedCmp {
		p.Write(" unsigned")
	}
	p.Write(" ")
	if len(args) > 0 {
		p.Value(args[0])
	}
	p.Write(" in (")
	p.Value(o.LowerBound)
	p.Write(" to ")
	p.Value(o.UpperBound)
	p.Write(", step ")
	p.Value(o.Step)
	p.Write(") : ")
	if len(args) > 0 {
		printShort(p, args[0].Type)
	}
	p.Write(" ")
	if len(o.InitValues) > 0 {
		printIterValues(p, o.InitValues, args[1:])
		p.Write(" -> (")
		printCudaTileTypeList(p, o, tileir.TypesOf(o.InitValues))
		p.Write(") ")
	}
	p.Region(r, o, false, !implicitTerminator[*ContinueOp](r))
	p.AttrDict(o, false, "unsignedCmp")
}

// printIterValues prints iter_values(%a = %x, …).
func printIterValues(p *tileir.Printer, inits, args []*tileir.Value) {
	p.Write("iter_values(")
	for i := range min(len(inits), len(args)) {
		if i > 0 {
			p.Write(", ")
		}
		p.Value(args[i])
		p.Write(" = ")
		p.Value(inits[i])
	}
	p.Byte(')')
}

// parseIterValues parses (%a = %x, …) after iter_values.
func parseIterValues(p *tileir.Parser) (args []tileir.Arg, inits []tileir.OperandRef) {
	p.Expect("(")
	p.List(")", func() {
		args = append(args, tileir.Arg{Ref: p.Operand()})
		p.Expect("=")
		inits = append(inits, p.Operand())
	})
	p.Expect(")")
	return args, inits
}

func parseFor(p *tileir.Parser, o *ForOp) {
	o.UnsignedCmp = p.Optional("unsigned")
	iv := p.Operand()
	p.Expect("in")
	p.Expect("(")
	lb := p.Operand()
	p.Expect("to")
	ub := p.Operand()
	p.Expect(",")
	p.Expect("step")
	step := p.Operand()
	p.Expect(")")
	p.Expect(":")
	ivType := parseShortType(p)
	args := []tileir.Arg{{Ref: iv, Type: ivType}}
	var inits []tileir.OperandRef
	var types []tileir.Type
	if p.Optional("iter_values") {
		var iterArgs []tileir.Arg
		iterArgs, inits = parseIterValues(p)
		p.Expect("->")
		p.Expect("(")
		parseCudaTileTypeList(p, &types)
		p.Expect(")")
		if len(types) != len(iterArgs) && !p.Failed() {
			p.Errorf("expected as many loop-carried types as iter_values (%d), got %d", len(iterArgs), len(types))
		}
		for i := range iterArgs {
			if i < len(types) {
				iterArgs[i].Type = types[i]
			}
		}
		args = append(args, iterArgs...)
	}
	p.SetResults(o, types...)
	p.Resolve(&o.LowerBound, lb, ivType)
	p.Resolve(&o.UpperBound, ub, ivType)
	p.Resolve(&o.Step, step, ivType)
	p.ResolveList(&o.InitValues, inits, types)
	o.Regions = tileir.NewRegions(1)
	p.Region(o.Regions[0], o, args)
	tileir.EnsureTerminator(o.Regions[0], func() tileir.Op { return &ContinueOp{} })
	p.AttrDict(o, false)
}

func forResultNames(o *ForOp, set tileir.NameFunc) {
	if len(o.Results) > 0 {
		set(o.Results[0], "for")
	}
}

func forBlockArgNames(o *ForOp, r *tileir.Region, set tileir.NameFunc) {
	if len(r.Blocks) == 0 || len(r.Blocks[0].Args) == 0 {
		return
	}
	args := r.Blocks[0].Args
	set(args[0], "loopIdx")
	for i, a := range args[1:] {
		set(a, "iterArg"+strconv.Itoa(i))
	}
}

// printLoop prints [iter_values(%a = %x, …) ][: T… [-> ]][R… ]{ body }.
func printLoop(p *tileir.Printer, o *LoopOp) {
	r := o.Region()
	var args []*tileir.Value
	if len(r.Blocks) > 0 {
		args = r.Blocks[0].Args
	}
	p.Write(" ")
	iters, ret := len(o.InitValues) > 0, len(o.Results) > 0
	if iters {
		printIterValues(p, o.InitValues, args)
		p.Write(" ")
	}
	if iters || ret {
		p.Write(": ")
	}
	if iters {
		printCudaTileTypeList(p, o, tileir.TypesOf(o.InitValues))
		p.Write(" ")
		if ret {
			p.Write("-> ")
		}
	}
	if ret {
		printCudaTileTypeList(p, o, tileir.TypesOf(o.Results))
		p.Write(" ")
	}
	p.Region(r, o, false, !implicitTerminator[*ContinueOp](r))
	p.AttrDict(o, false)
}

func parseLoop(p *tileir.Parser, o *LoopOp) {
	var args []tileir.Arg
	var inits []tileir.OperandRef
	var iterTypes, resultTypes []tileir.Type
	if p.Optional("iter_values") {
		args, inits = parseIterValues(p)
		p.Expect(":")
		parseCudaTileTypeList(p, &iterTypes)
		if len(iterTypes) != len(args) && !p.Failed() {
			p.Errorf("expected as many loop-carried types as iter_values (%d), got %d", len(args), len(iterTypes))
		}
		for i := range args {
			if i < len(iterTypes) {
				args[i].Type = iterTypes[i]
			}
		}
		if p.Optional("->") {
			parseCudaTileTypeList(p, &resultTypes)
		}
	} else if p.Optional(":") {
		parseCudaTileTypeList(p, &resultTypes)
	}
	p.SetResults(o, resultTypes...)
	p.ResolveList(&o.InitValues, inits, iterTypes)
	o.Regions = tileir.NewRegions(1)
	p.Region(o.Regions[0], o, args)
	tileir.EnsureTerminator(o.Regions[0], func() tileir.Op { return &ContinueOp{} })
	p.AttrDict(o, false)
}

// printGetIndexSpaceShape prints %src : T -> R (every result has type R).
func printGetIndexSpaceShape(p *tileir.Printer, o *GetIndexSpaceShapeOp) {
	printShapeOp(p, o.Src, o.Results)
}

func printGetTensorShape(p *tileir.Printer, o *GetTensorShapeOp) {
	printShapeOp(p, o.Src, o.Results)
}

func printShapeOp(p *tileir.Printer, src *tileir.Value, res []*tileir.Value) {
	p.Write(" ")
	p.Value(src)
	p.Write(" : ")
	printShort(p, tileir.TypeOf(src))
	p.Write(" -> ")
	if len(res) > 0 {
		printShort(p, res[0].Type)
	}
}

func parseGetIndexSpaceShape(p *tileir.Parser, o *GetIndexSpaceShapeOp) {
	parseShapeOp(p, o, &o.Src, func(t tileir.Type) (int, bool) {
		switch v := t.(type) {
		case *PartitionViewType:
			return len(v.TileShape), true
		case *StridedViewType:
			return len(v.TileShape), true
		case *GatherScatterViewType:
			return len(v.TileShape), true
		}
		return 0, false
	}, "expected a view type")
}

func parseGetTensorShape(p *tileir.Parser, o *GetTensorShapeOp) {
	parseShapeOp(p, o, &o.Src, func(t tileir.Type) (int, bool) {
		if v, ok := t.(*TensorViewType); ok {
			return len(v.Shape), true
		}
		return 0, false
	}, "expected tensor_view type")
}

// parseShapeOp parses %src : T -> R and makes one result of type R per
// dimension of T.
func parseShapeOp(p *tileir.Parser, op tileir.Op, src **tileir.Value, rank func(tileir.Type) (int, bool), msg string) {
	ref := p.Operand()
	p.Expect(":")
	off := p.Offset()
	t := parseShortType(p)
	n, ok := rank(t)
	if !ok && !p.Failed() {
		p.ErrorAt(off, "%s", msg)
	}
	p.Expect("->")
	r := parseShortType(p)
	types := make([]tileir.Type, n)
	for i := range types {
		types[i] = r
	}
	p.SetResults(op, types...)
	p.Resolve(src, ref, t)
}

// printMemory prints " weak" or " relaxed device".
func printMemory(p *tileir.Printer, ord MemoryOrderingSemantics, scope *MemoryScope) {
	p.Write(" " + ord.String())
	if scope != nil {
		p.Write(" " + scope.String())
	}
}

// parseMemory parses the ordering and an optional scope.
func parseMemory(p *tileir.Parser, ord *MemoryOrderingSemantics, scope **MemoryScope) {
	off := p.Offset()
	k, ok := p.Keyword()
	v, known := tileir.EnumFromText[MemoryOrderingSemantics](k)
	if !ok || !known {
		p.ErrorAt(off, "expected memory ordering semantics to be one of: weak, relaxed, acquire, release, acq_rel")
		return
	}
	*ord = v
	var s MemoryScope
	if tileir.OptionalEnumKeyword(p, &s) {
		if v == MemoryOrderingSemanticsWeak {
			p.ErrorAt(off, "weak memory ordering semantics cannot have a memory scope")
			return
		}
		*scope = &s
	}
}

// printIndexTypes prints ", T" once when all index types are equal, else
// ", T" per index.
func printIndexTypes(p *tileir.Printer, index []*tileir.Value) {
	if len(index) == 0 {
		return
	}
	same := true
	for _, v := range index[1:] {
		same = same && typeKey(tileir.TypeOf(v)) == typeKey(tileir.TypeOf(index[0]))
	}
	if same {
		index = index[:1]
	}
	for _, v := range index {
		p.Write(", ")
		printShort(p, tileir.TypeOf(v))
	}
}

// parseIndexTypes parses what printIndexTypes prints: types for n indices.
func parseIndexTypes(p *tileir.Parser, n int) []tileir.Type {
	var types []tileir.Type
	for p.Optional(",") {
		types = append(types, parseShortType(p))
	}
	switch {
	case n > 0 && len(types) == 0:
		p.Errorf("index types must be specified when indices are present")
	case len(types) == 1 && n > 1:
		for len(types) < n {
			types = append(types, types[0])
		}
	case len(types) != n && !p.Failed():
		p.Errorf("expected %d index types, got %d", n, len(types))
	}
	return types
}

// viewIndex prints %view[%i, %j].
func printViewIndex(p *tileir.Printer, view *tileir.Value, index []*tileir.Value) {
	p.Write(" ")
	p.Value(view)
	p.Byte('[')
	p.Values(index)
	p.Byte(']')
}

func parseViewIndex(p *tileir.Parser) (tileir.OperandRef, []tileir.OperandRef) {
	view := p.Operand()
	p.Expect("[")
	var index []tileir.OperandRef
	p.List("]", func() { index = append(index, p.Operand()) })
	p.Expect("]")
	return view, index
}

// printViewOptionals prints " token = %t" and " optimization_hints = <…>"
// and the attribute dictionary (with its keyword).
func printViewOptionals(p *tileir.Printer, op tileir.Op, token *tileir.Value, hints *OptimizationHintsAttr) {
	if token != nil {
		p.Write(" token = ")
		p.Value(token)
	}
	if hints != nil {
		p.Write(" optimization_hints = ")
		printHintsBody(p, hints)
	}
	p.AttrDict(op, true, "memory_ordering_semantics", "memory_scope", "optimization_hints", "operandSegmentSizes")
}

func parseViewOptionals(p *tileir.Parser, op tileir.Op, token *tileir.OperandRef, hints **OptimizationHintsAttr) {
	if p.Optional("token") {
		p.Expect("=")
		*token = p.Operand()
	}
	if hints != nil && p.Optional("optimization_hints") {
		p.Expect("=")
		if a, ok := parseAttrBody(p, "optimization_hints").(*OptimizationHintsAttr); ok {
			*hints = a
		}
	}
	p.AttrDict(op, true)
}

func printLoadViewTko(p *tileir.Printer, o *LoadViewTkoOp) {
	printMemory(p, o.MemoryOrderingSemantics, o.MemoryScope)
	printViewIndex(p, o.View, o.Index)
	printViewOptionals(p, o, o.Token, o.OptimizationHints)
	p.Write(" : ")
	printShort(p, tileir.TypeOf(o.View))
	printIndexTypes(p, o.Index)
	p.Write(" -> ")
	printCudaTileTypeList(p, o, tileir.TypesOf(o.Results))
}

func parseLoadViewTko(p *tileir.Parser, o *LoadViewTkoOp) {
	parseMemory(p, &o.MemoryOrderingSemantics, &o.MemoryScope)
	view, index := parseViewIndex(p)
	var token tileir.OperandRef
	parseViewOptionals(p, o, &token, &o.OptimizationHints)
	p.Expect(":")
	viewType := parseShortType(p)
	indexTypes := parseIndexTypes(p, len(index))
	p.Expect("->")
	tile := parseShortType(p)
	p.Expect(",")
	tok := parseShortType(p)
	p.SetResults(o, tile, tok)
	p.Resolve(&o.View, view, viewType)
	p.ResolveList(&o.Index, index, indexTypes)
	p.ResolveOptional(&o.Token, token, p.BuildableType("!cuda_tile.token"))
}

func printStoreViewTko(p *tileir.Printer, o *StoreViewTkoOp) {
	printMemory(p, o.MemoryOrderingSemantics, o.MemoryScope)
	p.Write(" ")
	p.Value(o.Tile)
	p.Write(",")
	printViewIndex(p, o.View, o.Index)
	printViewOptionals(p, o, o.Token, o.OptimizationHints)
	p.Write(" : ")
	printShort(p, tileir.TypeOf(o.Tile))
	p.Write(", ")
	printShort(p, tileir.TypeOf(o.View))
	printIndexTypes(p, o.Index)
	p.Write(" -> ")
	printCudaTileTypeList(p, o, tileir.TypesOf(o.Results))
}

func parseStoreViewTko(p *tileir.Parser, o *StoreViewTkoOp) {
	parseMemory(p, &o.MemoryOrderingSemantics, &o.MemoryScope)
	tile := p.Operand()
	p.Expect(",")
	view, index := parseViewIndex(p)
	var token tileir.OperandRef
	parseViewOptionals(p, o, &token, &o.OptimizationHints)
	p.Expect(":")
	tileType := parseShortType(p)
	p.Expect(",")
	viewType := parseShortType(p)
	indexTypes := parseIndexTypes(p, len(index))
	p.Expect("->")
	tok := parseShortType(p)
	p.SetResults(o, tok)
	p.Resolve(&o.Tile, tile, tileType)
	p.Resolve(&o.View, view, viewType)
	p.ResolveList(&o.Index, index, indexTypes)
	p.ResolveOptional(&o.Token, token, p.BuildableType("!cuda_tile.token"))
}

func printAtomicRedViewTko(p *tileir.Printer, o *AtomicRedViewTkoOp) {
	printMemory(p, o.MemoryOrderingSemantics, &o.MemoryScope)
	printViewIndex(p, o.View, o.Index)
	p.Write(", " + o.Mode.String() + ", ")
	p.Value(o.Value)
	if o.Token != nil {
		p.Write(" token = ")
		p.Value(o.Token)
	}
	p.AttrDict(o, true, "memory_ordering_semantics", "memory_scope", "mode", "operandSegmentSizes")
	p.Write(" : ")
	printShort(p, tileir.TypeOf(o.Value))
	p.Write(", ")
	printShort(p, tileir.TypeOf(o.View))
	printIndexTypes(p, o.Index)
	p.Write(" -> ")
	printCudaTileTypeList(p, o, tileir.TypesOf(o.Results))
}

func parseAtomicRedViewTko(p *tileir.Parser, o *AtomicRedViewTkoOp) {
	var scope *MemoryScope
	parseMemory(p, &o.MemoryOrderingSemantics, &scope)
	if scope == nil {
		if !p.Failed() {
			p.Errorf("expected memory scope to be one of: tl_blk, device, sys")
		}
		return
	}
	o.MemoryScope = *scope
	view, index := parseViewIndex(p)
	p.Expect(",")
	off := p.Offset()
	k, _ := p.Keyword()
	mode, ok := tileir.EnumFromText[AtomicRMWMode](k)
	if !ok {
		p.ErrorAt(off, "expected atomic mode to be one of: %s", strings.Join(tileir.EnumKeywords[AtomicRMWMode](), ", "))
		return
	}
	o.Mode = mode
	p.Expect(",")
	value := p.Operand()
	var token tileir.OperandRef
	parseViewOptionals(p, o, &token, nil)
	p.Expect(":")
	valueType := parseShortType(p)
	p.Expect(",")
	viewType := parseShortType(p)
	indexTypes := parseIndexTypes(p, len(index))
	p.Expect("->")
	tok := parseShortType(p)
	p.SetResults(o, tok)
	p.Resolve(&o.View, view, viewType)
	p.ResolveList(&o.Index, index, indexTypes)
	p.Resolve(&o.Value, value, valueType)
	p.ResolveOptional(&o.Token, token, p.BuildableType("!cuda_tile.token"))
}

// printMakeTensorView prints %base, shape = [%d, 32], strides = [32, 1]
// : [T -> ]tensor_view<…>: static sizes from the type, dynamic ones as
// operands.
func printMakeTensorView(p *tileir.Printer, o *MakeTensorViewOp) {
	tv, _ := tileir.TypeOf(o.Result()).(*TensorViewType)
	mixed := func(static []int64, dyn []*tileir.Value) {
		k := 0
		for i, s := range static {
			if i > 0 {
				p.Write(", ")
			}
			if s != asm.Dynamic {
				p.Int(s)
			} else if k < len(dyn) {
				p.Value(dyn[k])
				k++
			}
		}
	}
	p.Write(" ")
	p.Value(o.BaseOperand)
	p.Write(", shape = [")
	if tv != nil {
		mixed(tv.Shape, o.DynamicShape)
	}
	p.Write("], strides = [")
	if tv != nil {
		mixed(tv.Strides, o.DynamicStrides)
	}
	p.Write("]")
	p.AttrDict(o, false, "operandSegmentSizes")
	p.Write(" : ")
	if len(o.DynamicShape) > 0 || len(o.DynamicStrides) > 0 {
		d := append(append([]*tileir.Value{}, o.DynamicShape...), o.DynamicStrides...)[0]
		printShort(p, tileir.TypeOf(d))
		p.Write(" -> ")
	}
	printShort(p, tileir.TypeOf(o.Result()))
}

func parseMakeTensorView(p *tileir.Parser, o *MakeTensorViewOp) {
	base := p.Operand()
	type entry struct {
		static int64
		ref    tileir.OperandRef
		dyn    bool
		off    int
	}
	mixed := func(what string) []entry {
		p.Expect(",")
		p.Expect(what)
		p.Expect("=")
		p.Expect("[")
		var out []entry
		p.List("]", func() {
			off := p.Offset()
			if p.Tok().Kind == asm.PercentIdent {
				out = append(out, entry{ref: p.Operand(), dyn: true, off: off})
				return
			}
			out = append(out, entry{static: p.ExpectInt64("an integer or an SSA value"), off: off})
		})
		p.Expect("]")
		return out
	}
	shape := mixed("shape")
	strides := mixed("strides")
	p.AttrDict(o, false)
	p.Expect(":")
	var dynType tileir.Type
	off := p.Offset()
	t := parseShortType(p)
	if p.Optional("->") {
		dynType = t
		off = p.Offset()
		t = parseShortType(p)
	}
	tv, ok := t.(*TensorViewType)
	if !ok {
		if !p.Failed() {
			p.ErrorAt(off, "expected tensor_view type")
		}
		return
	}
	check := func(es []entry, static []int64, what string) []tileir.OperandRef {
		if len(es) != len(static) {
			p.ErrorAt(off, "expected %d %s entries to match the tensor_view type, got %d", len(static), what, len(es))
			return nil
		}
		var refs []tileir.OperandRef
		for i, e := range es {
			switch {
			case e.dyn && static[i] != asm.Dynamic:
				p.ErrorAt(e.off, "input %s dimension %d does not match tensor_view type (expected %d, got dynamic)", what, i, static[i])
			case !e.dyn && static[i] == asm.Dynamic:
				p.ErrorAt(e.off, "input %s dimension %d does not match tensor_view type (expected dynamic, got %d)", what, i, e.static)
			case !e.dyn && static[i] != e.static:
				p.ErrorAt(e.off, "input %s dimension %d does not match tensor_view type (expected %d, got %d)", what, i, static[i], e.static)
			case e.dyn:
				refs = append(refs, e.ref)
			}
		}
		return refs
	}
	shapeRefs := check(shape, tv.Shape, "shape")
	strideRefs := check(strides, tv.Strides, "stride")
	if (len(shapeRefs) > 0 || len(strideRefs) > 0) && dynType == nil && !p.Failed() {
		p.ErrorAt(off, "expected the type of the dynamic sizes before '->'")
	}
	p.SetResults(o, tv)
	p.Resolve(&o.BaseOperand, base, nil)
	p.ResolveListOf(&o.DynamicShape, shapeRefs, dynType)
	p.ResolveListOf(&o.DynamicStrides, strideRefs, dynType)
}

func makeTensorViewResultNames(o *MakeTensorViewOp, set tileir.NameFunc) { set(o.Result(), "tview") }

// printMakeView prints %tv : view-type (partition, strided and gather
// views).
func printMakeView(p *tileir.Printer, op tileir.Op, tv, res *tileir.Value) {
	p.Write(" ")
	p.Value(tv)
	p.AttrDict(op, false)
	p.Write(" : ")
	printShort(p, tileir.TypeOf(res))
}

// parseMakeView parses %tv : view-type; the operand's type is the view's
// tensor_view.
func parseMakeView(p *tileir.Parser, op tileir.Op, dst **tileir.Value) {
	ref := p.Operand()
	p.AttrDict(op, false)
	p.Expect(":")
	t := parseShortType(p)
	var tv tileir.Type
	switch v := t.(type) {
	case *PartitionViewType:
		tv = v.TensorView
	case *StridedViewType:
		tv = v.TensorView
	case *GatherScatterViewType:
		tv = v.TensorView
	default:
		if !p.Failed() {
			p.Errorf("expected a partition, strided or gather/scatter view type")
		}
		return
	}
	p.SetResults(op, t)
	p.Resolve(dst, ref, tv)
}

func printMakePartitionView(p *tileir.Printer, o *MakePartitionViewOp) {
	printMakeView(p, o, o.TensorView, o.Result())
}
func parseMakePartitionView(p *tileir.Parser, o *MakePartitionViewOp) {
	parseMakeView(p, o, &o.TensorView)
}
func makePartitionViewResultNames(o *MakePartitionViewOp, set tileir.NameFunc) {
	set(o.Result(), "pview")
}

func printMakeStridedView(p *tileir.Printer, o *MakeStridedViewOp) {
	printMakeView(p, o, o.TensorView, o.Result())
}
func parseMakeStridedView(p *tileir.Parser, o *MakeStridedViewOp) { parseMakeView(p, o, &o.TensorView) }
func makeStridedViewResultNames(o *MakeStridedViewOp, set tileir.NameFunc) {
	set(o.Result(), "sview")
}

func printMakeGatherScatterView(p *tileir.Printer, o *MakeGatherScatterViewOp) {
	printMakeView(p, o, o.TensorView, o.Result())
}
func parseMakeGatherScatterView(p *tileir.Parser, o *MakeGatherScatterViewOp) {
	parseMakeView(p, o, &o.TensorView)
}
func makeGatherScatterViewResultNames(o *MakeGatherScatterViewOp, set tileir.NameFunc) {
	set(o.Result(), "gsview")
}

// Name hints.

func broadcastResultNames(o *BroadcastOp, set tileir.NameFunc) { set(o.Result(), "bcast") }
func reshapeResultNames(o *ReshapeOp, set tileir.NameFunc)     { set(o.Result(), "reshape") }

func reduceResultNames(o *ReduceOp, set tileir.NameFunc) {
	if len(o.Results) > 0 {
		set(o.Results[0], "reduce")
	}
}

func reduceBlockArgNames(o *ReduceOp, r *tileir.Region, set tileir.NameFunc) {
	if len(r.Blocks) == 0 {
		return
	}
	args := r.Blocks[0].Args
	for i, a := range args {
		name := "reduce_lhs"
		if i%2 == 1 {
			name = "reduce_rhs"
		}
		if len(args) > 2 {
			name += strconv.Itoa(i / 2)
		}
		set(a, name)
	}
}

// assumeResultNames names the result assume_<hint> when the value's
// producer suggests names (its raw hint), else assume.
func assumeResultNames(o *AssumeOp, set tileir.NameFunc) {
	if o.Value != nil && o.Value.Def != nil {
		if hint, ok := tileir.ResultName(o.Value.Def, o.Value); ok {
			set(o.Result(), "assume_"+hint)
			return
		}
	}
	set(o.Result(), "assume")
}

// constantResultNames names i1 constants true, false or cst_i1, others
// cst[_VALUE]_TYPE, with the value when the constant is a splat (or has
// one element) and an integer, NaN or a float that converts exactly to an
// unsigned 64-bit integer.
func constantResultNames(o *ConstantOp, set tileir.NameFunc) {
	res := o.Result()
	tt, ok := res.Type.(*TileType)
	if !ok {
		set(res, "cst")
		return
	}
	d, ok := newDense(tt, o.Value.Data)
	if !ok {
		set(res, "cst")
		return
	}
	if d.w == 1 {
		all, none := true, true
		n := d.count
		if d.splat {
			n = 1
		}
		for i := range n {
			b := d.bits(i) != 0
			all, none = all && b, none && !b
		}
		switch {
		case all:
			set(res, "true")
		case none:
			set(res, "false")
		default:
			set(res, "cst_i1")
		}
		return
	}
	name := "cst"
	if d.splat || d.count == 1 {
		b := d.bits(0)
		switch {
		case d.w > 0:
			name += "_" + strconv.FormatInt(signExtend(b, d.w), 10)
		case d.sem.IsNaN(b):
			name += "_NaN"
		default:
			if r, ok := d.sem.Rat(b); ok && !d.sem.IsNegative(b) && r.IsInt() && r.Num().IsUint64() {
				name += "_" + r.Num().String()
			}
		}
	}
	name += "_" + p2s(func(p *tileir.Printer) { printShort(p, tt.Element) })
	set(res, name)
}

// p2s prints with a scratch printer.
func p2s(f func(p *tileir.Printer)) string {
	var p tileir.Printer
	f(&p)
	return p.String()
}

// CheckText refuses a for loop whose body lacks the induction variable or
// an argument per iter value: its text form prints them (upstream's
// verifier rejects such a loop too).
func (o *ForOp) CheckText() error {
	r := o.Region()
	if r == nil || len(r.Blocks) == 0 {
		return nil // the generic check reports a missing region
	}
	if got, want := len(r.Blocks[0].Args), 1+len(o.InitValues); got != want {
		return fmt.Errorf("the body has %d arguments, not %d (the induction variable and one per iter value)", got, want)
	}
	return nil
}
