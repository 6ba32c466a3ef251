package builtin

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var devAttrRe = regexp.MustCompile(`\{m = (affine_(?:map|set)<.*>)\}`)

func devRun(t *testing.T, ver int, attrs []string) []string {
	var sb strings.Builder
	for i, a := range attrs {
		if i > 0 {
			sb.WriteString("// -----\n")
		}
		fmt.Fprintf(&sb, "\"t.t\"() {m = %s} : () -> ()\n", a)
	}
	cmd := exec.Command(fmt.Sprintf("/usr/bin/mlir-opt-%d", ver), "--allow-unregistered-dialect", "--mlir-print-op-generic", "--mlir-print-local-scope", "--split-input-file", "-")
	cmd.Stdin = strings.NewReader(sb.String())
	out, err := cmd.Output()
	if err != nil {
		os.WriteFile(fmt.Sprintf("/tmp/aff/crash_%d.mlir", ver), []byte(sb.String()), 0o644)
		t.Logf("mlir-opt-%d: %v", ver, err)
	}
	chunks := strings.Split(string(out), "// -----")
	res := make([]string, len(attrs))
	for i := range res {
		if i < len(chunks) {
			if m := devAttrRe.FindStringSubmatch(chunks[i]); m != nil {
				res[i] = m[1]
			}
		}
	}
	if len(chunks) != len(attrs) {
		t.Fatalf("chunks %d != %d; last input %s", len(chunks), len(attrs), attrs[len(chunks)-1])
	}
	return res
}

type devGen struct {
	r *rand.Rand
}

var devConsts = []int64{0, 1, -1, 2, 3, 4, -2, -3, 5, 6, 8, 16, -4, 7, 12, 64, 9223372036854775807, 4611686018427387904, 3074457345618258603}

func (g *devGen) leaf(sym bool) string {
	switch n := g.r.Intn(10); {
	case n < 3 && !sym:
		return "d" + strconv.Itoa(g.r.Intn(3))
	case n < 6:
		return "s" + strconv.Itoa(g.r.Intn(3))
	default:
		c := devConsts[g.r.Intn(len(devConsts))]
		if c < 0 {
			return "(" + strconv.FormatInt(c, 10) + ")"
		}
		return strconv.FormatInt(c, 10)
	}
}

func (g *devGen) expr(depth int, sym bool) string {
	if depth <= 0 || g.r.Intn(4) == 0 {
		return g.leaf(sym)
	}
	switch g.r.Intn(12) {
	case 9:
		e := g.expr(depth-1, sym)
		c := g.leaf(true)
		switch g.r.Intn(4) {
		case 0:
			return "(" + e + " - (" + e + " floordiv " + c + ") * " + c + ")"
		case 1:
			return "(" + e + " + (" + e + " floordiv " + c + ") * -" + c + ")"
		case 2:
			return "(" + e + " - " + c + " * (" + e + " floordiv " + c + "))"
		default:
			a := g.expr(depth-1, sym)
			return "((" + a + " + " + e + ") - (" + e + " floordiv " + c + ") * " + c + ")"
		}
	case 10:
		e := g.expr(depth-1, sym)
		return "(" + e + " + " + g.leaf(true) + " * " + e + ")"
	case 11:
		e := g.expr(depth-1, sym)
		return "((" + g.expr(depth-1, sym) + " + " + e + " * " + g.leaf(true) + ") + " + e + " * " + g.leaf(true) + ")"
	case 0, 1:
		return "(" + g.expr(depth-1, sym) + " + " + g.expr(depth-1, sym) + ")"
	case 2:
		return "(" + g.expr(depth-1, sym) + " - " + g.expr(depth-1, sym) + ")"
	case 3:
		if g.r.Intn(2) == 0 {
			return "(" + g.expr(depth-1, sym) + " * " + g.expr(depth-1, true) + ")"
		}
		return "(" + g.expr(depth-1, true) + " * " + g.expr(depth-1, sym) + ")"
	case 4:
		return "(" + g.expr(depth-1, sym) + " floordiv " + g.expr(depth-2, true) + ")"
	case 5:
		return "(" + g.expr(depth-1, sym) + " ceildiv " + g.expr(depth-2, true) + ")"
	case 6:
		return "(" + g.expr(depth-1, sym) + " mod " + g.expr(depth-2, true) + ")"
	case 7:
		return "-" + g.expr(depth-1, sym)
	default:
		// flat chains without parens
		n := 2 + g.r.Intn(3)
		parts := make([]string, n)
		for i := range parts {
			parts[i] = g.expr(depth-2, sym)
		}
		ops := []string{" + ", " - ", " + "}
		s := parts[0]
		for _, p := range parts[1:] {
			s += ops[g.r.Intn(len(ops))] + p
		}
		return "(" + s + ")"
	}
}

func TestDevDifferential(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("DEV_N"))
	if n == 0 {
		t.Skip()
	}
	seed, _ := strconv.ParseInt(os.Getenv("DEV_SEED"), 10, 64)
	g := &devGen{r: rand.New(rand.NewSource(seed))}
	var attrs []string
	for i := 0; i < n; i++ {
		k := 1 + g.r.Intn(2)
		parts := make([]string, k)
		for j := range parts {
			parts[j] = g.expr(2+g.r.Intn(4), false)
		}
		attrs = append(attrs, "affine_map<(d0, d1, d2)[s0, s1, s2] -> ("+strings.Join(parts, ", ")+")>")
	}
	vers := []int{16, 19, 22}
	if v := os.Getenv("DEV_VER"); v != "" {
		x, _ := strconv.Atoi(v)
		vers = []int{x}
	}
	for _, ver := range vers {
		want := devRun(t, ver, attrs)
		// Second round: feed MLIR's output back.
		var round2in []string
		var idx []int
		fails := 0
		for i, a := range attrs {
			m, err := ParseAffineMapLLVM(a, ver)
			got := ""
			if err == nil {
				got = m.String()
			}
			if got != want[i] {
				fails++
				if fails < 15 {
					t.Errorf("v%d input %s\n  mlir: %s\n  ours: %s (err %v)", ver, a, want[i], got, err)
				}
			}
			if want[i] != "" && !strings.Contains(want[i], "9223372036854775808") {
				round2in = append(round2in, want[i])
				idx = append(idx, i)
			}
		}
		want2 := devRun(t, ver, round2in)
		fixed := 0
		for j, a := range round2in {
			m, err := ParseAffineMapLLVM(a, ver)
			got := ""
			if err == nil {
				got = m.String()
			}
			if a == want2[j] {
				fixed++
			}
			if got != want2[j] {
				fails++
				if fails < 30 {
					t.Errorf("v%d round2 input %s\n  mlir: %s\n  ours: %s (err %v)", ver, a, want2[j], got, err)
				}
			}
		}
		t.Logf("v%d: %d inputs, %d round2, %d fixed points, %d failures", ver, len(attrs), len(round2in), fixed, fails)
	}
}
