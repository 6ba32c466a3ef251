package spirv

import (
	"fmt"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// bf16Since is the LLVM release whose SPIR-V types may hold bf16
// (SPV_KHR_bfloat16): LLVM 19's parser refuses "cannot use 'bf16' to
// compose SPIR-V types", whether the type is written as bytecode or text.
const bf16Since = 21

// maxTypeDepth bounds the walk of nested element types; the readers bound
// nesting well below it.
const maxTypeDepth = 10000

// bf16Release is the release_hook of the SPIR-V types that hold other
// types: it refuses one that holds bf16, at any depth, for a release
// before bf16Since.
func bf16Release(t bytecode.Target, v ir.Type) error {
	if t.Release == 0 || t.Release >= bf16Since || !holdsBF16(v, 0) {
		return nil
	}
	return &wire.VersionError{
		What:   fmt.Sprintf("spirv %s holding bf16 (%v)", v.Kind(), v),
		Needs:  bytecode.ReleasesText(bf16Since, 0),
		Target: t.String(),
	}
}

// holdsBF16 reports whether ty is bf16 or holds it as an element,
// column, pointee, image or member type.
func holdsBF16(ty ir.Type, depth int) bool {
	if depth > maxTypeDepth {
		return false
	}
	var inner []ir.Type
	switch ty := ty.(type) {
	case *builtin.BFloat16Type:
		return true
	case *builtin.VectorType:
		inner = []ir.Type{ty.ElementType()}
	case *ArrayType:
		inner = []ir.Type{ty.ElementType()}
	case *RuntimeArrayType:
		inner = []ir.Type{ty.ElementType()}
	case *MatrixType:
		inner = []ir.Type{ty.ColumnType()}
	case *PointerType:
		inner = []ir.Type{ty.PointeeType()}
	case *ImageType:
		inner = []ir.Type{ty.ElementType()}
	case *SampledImageType:
		inner = []ir.Type{ty.ImageType()}
	case *StructType:
		inner = ty.Members()
	}
	for _, x := range inner {
		if holdsBF16(x, depth+1) {
			return true
		}
	}
	return false
}
