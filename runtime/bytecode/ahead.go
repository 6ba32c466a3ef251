package bytecode

import "sync/atomic"

// Ahead starts a goroutine that decodes the file's entries in table order
// into the cache d reads from, so that d finds most of them decoded when
// the IR refers to them: on two cores, a file's attributes and types are
// decoded beside the reading of its ops instead of in its midst.
//
// The context is safe for concurrent use, and each entry is decoded by one
// decoder: the one that claims it first. An entry the goroutine meets that
// d is decoding is left to d, and so is every entry that refers to it; d
// waits for an entry the goroutine is decoding. Errors are d's own to find:
// an entry that fails in the goroutine stays undecoded, and d decodes it,
// and fails, as if the goroutine had never run.
//
// stop ends the goroutine and returns once it has ended; it may be called
// more than once. d must not be given new dialect versions
// (SetDialectVersions) in between.
func (d *Decoder) Ahead() (stop func()) {
	h := &Decoder{f: d.f, ctx: d.ctx, maxDepth: d.maxDepth, attrs: d.attrs, types: d.types, role: claimedAhead, versions: d.versions}
	var quit atomic.Bool
	done := make(chan struct{})
	go func() {
		defer close(done)
		aheadOf(h, h.types, true, h.f.Types.Len(), &quit)
		aheadOf(h, h.attrs, false, h.f.Attrs.Len(), &quit)
	}()
	return func() {
		quit.Store(true)
		<-done
	}
}

// aheadOf decodes the n entries of c in order, keeping clear of the
// reader: where both decode the next entries, each waits for the other's.
// An entry the reader has claimed or decoded shows where it is, and the
// goroutine moves on past it, further each time it meets it, up to
// aheadGap.
//
// Table order suits the ops of one long block, which meet their entries
// in that order: the goroutine, with no ops to build, keeps ahead. The
// functions of a module meet theirs last to first (mlir-opt numbers them
// so), and the reader decodes about half of them itself. Starting in the
// middle, or from both ends at once, did better there but cost a long
// block 28-30 % (BenchmarkReadScaling at 100k ops, two processors).
func aheadOf[T comparable](h *Decoder, c *pages[T], isType bool, n int, quit *atomic.Bool) {
	gap := 1
	for i := 0; i < n; i++ {
		if quit.Load() {
			return
		}
		// The reader waiting for an entry of this goroutine's is met too:
		// where both decode one entry after the other, each op's, the
		// reader would otherwise wait at every op.
		met := c.waited.Load() && c.waited.Swap(false)
		switch s := c.stateOf(uint64(i)); {
		case met || s == claimedByReader || s&(entryDone|doneByReader) == entryDone|doneByReader:
			i += gap
			gap = min(2*gap, aheadGap)
		case s == entryEmpty:
			h.yielded = false
			_, _ = lookup(h, c, entryRef{isType, uint64(i)})
		}
	}
}

// aheadGap is the furthest the goroutine skips ahead of the reader.
const aheadGap = 256
