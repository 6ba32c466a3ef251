package builtin

import (
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// readLineCol reads the point form (code 11): line and column.
func readLineCol(r *bytecode.EntryReader) (startLine, startCol, endLine, endCol, form uint32, err error) {
	if startLine, err = readUint32(r, "a line number"); err != nil {
		return
	}
	if startCol, err = readUint32(r, "a column number"); err != nil {
		return
	}
	return startLine, startCol, startLine, startCol, 2, nil
}

func writeLineCol(w *bytecode.EntryWriter, startLine, startCol, _, _, _ uint32) {
	w.VarInt(uint64(startLine))
	w.VarInt(uint64(startCol))
}

// readLineColRange reads the range form (code 22): a counted list of 0 to
// 4 numbers, kept as the form. A 1-number list reads as line:0 to line:0
// (the writer dropped the end column, as LLVM's does).
func readLineColRange(r *bytecode.EntryReader) (startLine, startCol, endLine, endCol, form uint32, err error) {
	at := r.Offset()
	n, err := r.VarInt()
	if err != nil {
		return
	}
	if n > 4 {
		err = r.ErrorAt(at, "0 to 4 location numbers", wire.ErrInvalid)
		return
	}
	var v [4]uint32
	for i := range n {
		if v[i], err = readUint32(r, "a location number"); err != nil {
			return
		}
	}
	switch n {
	case 0:
		return 0, 0, 0, 0, 0, nil
	case 1:
		return v[0], 0, v[0], 0, 1, nil
	case 2:
		return v[0], v[1], v[0], v[1], 2, nil
	case 3:
		return v[0], v[1], v[0], v[2], 3, nil
	}
	return v[0], v[1], v[2], v[3], 4, nil
}

// writeLineColRange writes the list LLVM 20+ picks from the values. It is
// lossy where LLVM's is: a range on one line starting at column 0 keeps
// only its line.
func writeLineColRange(w *bytecode.EntryWriter, startLine, startCol, endLine, endCol, _ uint32) {
	switch {
	case startLine == 0 && startCol == 0 && endLine == 0 && endCol == 0:
		w.VarInt(0)
	case startCol == 0 && startLine == endLine:
		w.VarInt(1)
		w.VarInt(uint64(startLine))
	case startLine == endLine && startCol == endCol:
		w.VarInt(2)
		w.VarInt(uint64(startLine))
		w.VarInt(uint64(startCol))
	case startLine == endLine:
		w.VarInt(3)
		w.VarInt(uint64(startLine))
		w.VarInt(uint64(startCol))
		w.VarInt(uint64(endCol))
	default:
		w.VarInt(4)
		w.VarInt(uint64(startLine))
		w.VarInt(uint64(startCol))
		w.VarInt(uint64(endLine))
		w.VarInt(uint64(endCol))
	}
}

func readUint32(r *bytecode.EntryReader, what string) (uint32, error) {
	at := r.Offset()
	v, err := r.VarInt()
	if err != nil {
		return 0, err
	}
	if v > 1<<32-1 {
		return 0, r.ErrorAt(at, what+" in 32 bits", wire.ErrOverflow)
	}
	return uint32(v), nil
}

// GetFileLineColLoc returns the point location file:line:col.
func GetFileLineColLoc(ctx *ir.Context, file string, line, col uint32) *FileLineColRange {
	return GetFileLineColRange(ctx, GetStringAttr(ctx, file, nil), line, col, line, col, 2)
}

// GetFileRange returns the range file:startLine:startCol to endLine:endCol
// in the four-number form.
func GetFileRange(ctx *ir.Context, file string, startLine, startCol, endLine, endCol uint32) *FileLineColRange {
	return GetFileLineColRange(ctx, GetStringAttr(ctx, file, nil), startLine, startCol, endLine, endCol, 4)
}
