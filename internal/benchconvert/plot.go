package main

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"math"
	"slices"
)

// A series is one tool's points of one quantity against op count.
type series struct {
	name   string
	color  string
	dashed bool
	pts    []point
}

type point struct {
	ops   float64
	value float64
	label string
}

// scalingPlot draws the scaling inputs (one function of N ops) as SVG: a
// panel of median wall time and one of peak RSS against N, both tools,
// log-log, so that linear growth is a line of slope 1.
func scalingPlot(res []InputResult, optName string) ([]byte, error) {
	var time, mem [2]series
	time[0] = series{name: "mlirbc", color: "#1f77b4"}
	time[1] = series{name: optName, color: "#d62728", dashed: true}
	mem = time
	for _, r := range res {
		if !isScaling(r.Input.Name) {
			continue
		}
		ops := float64(r.Input.Ops.Total)
		for i, t := range []ToolResult{r.MLIRBC, r.MLIROpt} {
			if t.MedianWallMS <= 0 || t.PeakRSSKiB <= 0 {
				continue
			}
			time[i].pts = append(time[i].pts, point{ops, t.MedianWallMS, fmtMS(t.MedianWallMS)})
			mib := float64(t.PeakRSSKiB) / 1024
			mem[i].pts = append(mem[i].pts, point{ops, mib, fmtMiB(t.PeakRSSKiB)})
		}
	}
	for i := range time {
		if len(time[i].pts) < 2 {
			return nil, errors.New("the plot needs at least two of the scaling inputs (" + scalingNames() + ") measured by both tools")
		}
		byOps := func(a, b point) int { return cmpFloat(a.ops, b.ops) }
		slices.SortFunc(time[i].pts, byOps)
		slices.SortFunc(mem[i].pts, byOps)
	}
	const w, h = 800, 340
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", w, h)
	panel(&b, 0, "median wall time, bytecode to bytecode", time[:], msDecade)
	panel(&b, w/2, "peak RSS", mem[:], mibDecade)
	b.WriteString("</svg>\n")
	return b.Bytes(), nil
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func isScaling(name string) bool {
	for _, sp := range inputSpecs {
		if sp.name == name {
			return sp.scaling
		}
	}
	return false
}

func scalingNames() string {
	var s []string
	for _, sp := range inputSpecs {
		if sp.scaling {
			s = append(s, sp.name)
		}
	}
	return fmt.Sprint(s)
}

// logAxis maps values to pixels on a log10 scale spanning whole decades.
type logAxis struct {
	lo, hi   float64 // decades: 10^lo … 10^hi
	from, to float64 // pixels
}

func newLogAxis(vals []float64, from, to float64) logAxis {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range vals {
		lo = min(lo, math.Log10(v))
		hi = max(hi, math.Log10(v))
	}
	// 10,003 ops are on the 10k line: a little slack before rounding
	// out to whole decades.
	lo, hi = math.Floor(lo+0.01), math.Ceil(hi-0.01)
	if hi == lo {
		hi++
	}
	return logAxis{lo: lo, hi: hi, from: from, to: to}
}

func (a logAxis) pos(v float64) float64 {
	return a.from + (math.Log10(v)-a.lo)/(a.hi-a.lo)*(a.to-a.from)
}

// panel draws one log-log chart of the series at x offset left.
func panel(b *bytes.Buffer, left int, title string, ss []series, yLabel func(d float64) string) {
	const top, plotW, plotH = 40, 300, 230
	x0 := float64(left + 70)
	y0 := float64(top + plotH)
	var xs, ys []float64
	for _, s := range ss {
		for _, p := range s.pts {
			xs, ys = append(xs, p.ops), append(ys, p.value)
		}
	}
	xa := newLogAxis(xs, x0, x0+plotW)
	ya := newLogAxis(ys, y0, y0-plotH)
	fmt.Fprintf(b, `<text x="%.0f" y="%d" font-size="14" text-anchor="middle">%s</text>`+"\n", x0+plotW/2, top-18, html.EscapeString(title))
	fmt.Fprintf(b, `<rect x="%.0f" y="%d" width="%d" height="%d" fill="none" stroke="#888"/>`+"\n", x0, top, plotW, plotH)
	for d := xa.lo; d <= xa.hi; d++ {
		x := xa.pos(math.Pow(10, d))
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.0f" x2="%.1f" y2="%d" stroke="#ddd"/>`+"\n", x, y0, x, top)
		fmt.Fprintf(b, `<text x="%.1f" y="%.0f" text-anchor="middle">%s</text>`+"\n", x, y0+16, decade(d))
	}
	for d := ya.lo; d <= ya.hi; d++ {
		y := ya.pos(math.Pow(10, d))
		fmt.Fprintf(b, `<line x1="%.0f" y1="%.1f" x2="%.0f" y2="%.1f" stroke="#ddd"/>`+"\n", x0, y, x0+plotW, y)
		fmt.Fprintf(b, `<text x="%.0f" y="%.1f" text-anchor="end">%s</text>`+"\n", x0-6, y+4, yLabel(d))
	}
	fmt.Fprintf(b, `<text x="%.0f" y="%.0f" text-anchor="middle">ops in one function</text>`+"\n", x0+plotW/2, y0+34)
	for i, s := range ss {
		dash := ""
		if s.dashed {
			dash = ` stroke-dasharray="6,4"`
		}
		var pts bytes.Buffer
		for j, p := range s.pts {
			if j > 0 {
				pts.WriteByte(' ')
			}
			fmt.Fprintf(&pts, "%.1f,%.1f", xa.pos(p.ops), ya.pos(p.value))
		}
		fmt.Fprintf(b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"%s><title>%s</title></polyline>`+"\n",
			pts.String(), s.color, dash, html.EscapeString(s.name))
		for _, p := range s.pts {
			x, y := xa.pos(p.ops), ya.pos(p.value)
			fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"/>`+"\n", x, y, s.color)
			dy := -8.0
			if i == 1 {
				dy = 16
			}
			fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle" fill="%s" font-size="10">%s</text>`+"\n", x, y+dy, s.color, html.EscapeString(p.label))
		}
		ly := float64(top + 14 + 16*i)
		fmt.Fprintf(b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="%s" stroke-width="2"%s/>`+"\n", x0+10, ly-4, x0+34, ly-4, s.color, dash)
		fmt.Fprintf(b, `<text x="%.0f" y="%.0f">%s</text>`+"\n", x0+40, ly, html.EscapeString(s.name))
	}
}

// msDecade labels 10^d milliseconds.
func msDecade(d float64) string {
	if d >= 3 {
		return decade(d-3) + " s"
	}
	return decade(d) + " ms"
}

// mibDecade labels 10^d MiB.
func mibDecade(d float64) string {
	if d < 0 {
		return decade(d) + " MiB"
	}
	return fmtBytes(int64(math.Pow(10, d))) + " MiB"
}

// decade labels 10^d: 1, 10, 100, 1k, 10k, …
func decade(d float64) string {
	switch n := int(d); {
	case n < 0:
		return fmt.Sprintf("%g", math.Pow(10, d))
	case n < 3:
		return fmt.Sprint(int(math.Pow(10, d)))
	case n < 6:
		return fmt.Sprint(int(math.Pow(10, d-3))) + "k"
	case n < 9:
		return fmt.Sprint(int(math.Pow(10, d-6))) + "M"
	}
	return fmt.Sprintf("1e%d", int(d))
}
