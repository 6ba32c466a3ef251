package builtin

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/ir"
)

// printStridedLayoutAttr prints strided<[s0, s1], offset: o> as MLIR does:
// dynamic values as ?, and the offset only when it is not 0.
func printStridedLayoutAttr(a *StridedLayoutAttr) string {
	var b strings.Builder
	b.WriteString("strided<[")
	for i, s := range a.strides {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(dimString(s))
	}
	b.WriteString("]")
	if a.offset != 0 {
		b.WriteString(", offset: ")
		b.WriteString(dimString(a.offset))
	}
	b.WriteString(">")
	return b.String()
}

func dimString(v int64) string {
	if v == Dynamic {
		return "?"
	}
	return strconv.FormatInt(v, 10)
}

// parseStridedLayoutAttr reads strided<[...]> with an optional offset.
func parseStridedLayoutAttr(ctx *ir.Context, text string, _ int) (*StridedLayoutAttr, error) {
	body, ok := strings.CutPrefix(text, "strided<[")
	if !ok || !strings.HasSuffix(body, ">") {
		return nil, fmt.Errorf("strided layout %q: expected strided<[...]>", text)
	}
	body = strings.TrimSuffix(body, ">")
	list, rest, ok := strings.Cut(body, "]")
	if !ok {
		return nil, fmt.Errorf("strided layout %q: expected ] after the strides", text)
	}
	var strides []int64
	if strings.TrimSpace(list) != "" {
		for _, s := range strings.Split(list, ",") {
			v, err := parseDim(strings.TrimSpace(s))
			if err != nil {
				return nil, fmt.Errorf("strided layout %q: %v", text, err)
			}
			strides = append(strides, v)
		}
	}
	var offset int64
	if rest != "" {
		o, ok := strings.CutPrefix(rest, ", offset: ")
		if !ok {
			return nil, fmt.Errorf("strided layout %q: expected \", offset: \" after the strides", text)
		}
		var err error
		if offset, err = parseDim(o); err != nil {
			return nil, fmt.Errorf("strided layout %q: %v", text, err)
		}
	}
	return GetStridedLayoutAttr(ctx, offset, strides), nil
}

func parseDim(s string) (int64, error) {
	if s == "?" {
		return Dynamic, nil
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("expected an integer or ?, got %q", s)
	}
	return v, nil
}
