package ods

// releaseHooks names, per dialect and op, the hand-written function that
// converts the op's attributes between LLVM releases where the records
// cannot say how (release_hook in the definitions): a value C++ derives
// from the operands, or a default C++ computes.
var releaseHooks = map[string]map[string]string{
	// 22's varType of the data clause ops is derived from the variable's
	// type (a memref's element type).
	"acc": {
		"attach": "varTypeRelease", "cache": "varTypeRelease", "copyin": "varTypeRelease",
		"copyout": "varTypeRelease", "create": "varTypeRelease", "declare_device_resident": "varTypeRelease",
		"declare_link": "varTypeRelease", "deviceptr": "varTypeRelease", "firstprivate": "varTypeRelease",
		"getdeviceptr": "varTypeRelease", "nocreate": "varTypeRelease", "present": "varTypeRelease",
		"private": "varTypeRelease", "reduction": "varTypeRelease", "update_device": "varTypeRelease",
		"update_host": "varTypeRelease", "use_device": "varTypeRelease",
		// 22 renamed acc.update's async asyncOnly, and split
		// acc.routine's bind names into identifiers and strings.
		"update": "asyncOnlyRelease", "routine": "bindNameRelease",
	},
	// 22's operand bundles: op_bundle_sizes, required, and the last
	// operand group.
	"llvm": {
		"call": "opBundlesRelease", "call_intrinsic": "opBundlesRelease",
		"invoke": "opBundlesRelease", "intr.assume": "opBundlesRelease",
		// 19's parser gives every llvm.func unnamed_addr (0, none),
		// which its ODS calls optional; 16 has no such attribute.
		"func": "unnamedAddrRelease",
		// 19's integer arithmetic holds overflowFlags (none where the
		// text says nothing), 16's has none.
		"add": "overflowFlagsRelease", "mul": "overflowFlagsRelease",
		"shl": "overflowFlagsRelease", "sub": "overflowFlagsRelease",
		// 22's getelementptr holds noWrapFlags where 19's holds inbounds.
		"getelementptr": "gepFlagsRelease",
		// 22's trunc holds overflowFlags (none where the text says
		// nothing), 19's has none.
		"trunc": "truncFlagsRelease",
		// 16's llvm.mlir.null makes only null pointers (olderOpNames).
		"mlir.zero": "zeroRelease",
	},
	// 16's vector.extract and insert hold their position as an
	// I64ArrayAttr named position; 19's as static_position, a
	// DenseI64ArrayAttr, beside dynamic positions.
	// 19's transfer ops always hold in_bounds, which 16 leaves out where
	// it is all false.
	"vector": {"extract": "positionRelease", "insert": "positionRelease", "transfer_read": "inBoundsRelease", "transfer_write": "inBoundsRelease"},
	// 22's static_basis, which 19 does not have, is derived from the
	// operands: every basis element of a 19 op is dynamic.
	// 16's affine.for names its bounds lower_bound and upper_bound and
	// splits its operands by their maps; 19 names them lowerBoundMap and
	// upperBoundMap, with segment sizes.
	"affine": {"delinearize_index": "delinearizeIndexRelease", "for": "forBoundsRelease"},
	// LLVM 16 ends scf.parallel's body with scf.yield, after an
	// scf.reduce op for each reduction; 19 and 22 with one scf.reduce
	// holding them all.
	"scf": {"reduce": "parallelTerminatorRelease", "yield": "parallelTerminatorRelease"},
	// 22 stores the default indexing maps that 19 memoizes in the
	// discardable linalg.memoized_indexing_maps.
	"linalg": {
		"matmul":              "indexingMapsRelease",
		"batch_matmul":        "indexingMapsRelease",
		"batch_reduce_matmul": "indexingMapsRelease",
		// 22's map takes the init's element as the mapper's last
		// argument, which 19's does not.
		"map": "mapArityRelease",
		// 22 numbers this convolution's loops otherwise than 19, and
		// both cache the maps in the op.
		"conv_3d_ncdhw_fcdhw": "loopOrderRelease",
	},
}

// defReleaseHooks names, per dialect and attribute or type, the
// hand-written function that refuses a value a release cannot hold for
// what its parameters hold (release_hook in the definitions), where the
// records bound only the kind.
var defReleaseHooks = map[string]map[string]string{
	// SPIR-V types hold bf16 from LLVM 21 on (SPV_KHR_bfloat16): 19
	// refuses such a type.
	"spirv": {
		"ArrayType": "bf16Release", "ImageType": "bf16Release", "MatrixType": "bf16Release",
		"PointerType": "bf16Release", "RuntimeArrayType": "bf16Release",
		"SampledImageType": "bf16Release", "StructType": "bf16Release",
	},
}

// renamedGroups names, per dialect, the operand and result groups a newer
// release renamed where their places changed too, so that the importer
// cannot pair them by place: an older name and the newer one. They are one
// group, under the newer name, whose values a writer moves to its place
// in the release it writes for. LLVM 20 and 21 rebuilt the omp ops from
// clauses, which renamed and reordered their groups.
var renamedGroups = map[string]map[string]string{
	"omp": {
		"allocators_vars":    "allocator_vars",
		"num_threads_var":    "num_threads",
		"chunk_size":         "dist_schedule_chunk_size",
		"depend_vec_vars":    "doacross_depend_vars",
		"has_device_addr":    "has_device_addr_vars",
		"is_device_ptr":      "is_device_ptr_vars",
		"map_operands":       "map_vars",
		"use_device_addr":    "use_device_addr_vars",
		"use_device_ptr":     "use_device_ptr_vars",
		"final_expr":         "final",
		"grain_size":         "grainsize",
		"schedule_chunk_var": "schedule_chunk",
		// LLVM 16's name of omp.parallel's if operand (markAbsentGroups).
		"if_expr_var": "if_expr",
	},
}

// renamedOps names, per dialect, the ops an imported release renamed,
// the same op otherwise: the newer name and the older one. They merge as
// one op under the newer name, with older_names, and a writer converting
// between the releases renames it. (LLVM 16's renames are in
// olderfacts.go.)
var renamedOps = map[string]map[string]string{
	// LLVM 20 renamed to_memref to_buffer.
	"bufferization": {"to_buffer": "to_memref"},
	// LLVM 20 renamed the moves between tiles and vectors.
	"arm_sme": {"insert_tile_slice": "move_vector_to_tile_slice", "extract_tile_slice": "move_tile_slice_to_vector"},
	// LLVM 20 renamed int_div intdiv.
	"tosa": {"intdiv": "int_div"},
}

// olderTerminators names, per dialect, the op that the single-block
// regions of its ops end with in releases before the one that made them
// NoTerminator; the releases need it written, and their parsers do not
// add it. LLVM 19's omp loop wrappers (wsloop, simd, distribute,
// taskloop) end with omp.terminator after their loop nest; 22's hold the
// loop nest alone.
var olderTerminators = map[string]string{"omp": "terminator"}

// reorderedHook is the release_hook of an op whose region or successor
// groups another release orders otherwise: the definitions keep the
// newest release's order, and a writer cannot move regions or successors
// between releases, so the dialect's hook, hand-written, converts or
// refuses such an op. (Operand and result groups get their releases'
// orders instead: operand_order, result_order.) No upstream op needs it
// in the releases imported.
const reorderedHook = "reorderedGroupsRelease"

// renamedAttrs names, per dialect, the op attributes an imported release
// renamed with their values alike (newer name: older name), where an op
// has both: the newer gets renamed_from. LLVM 22's rewrite of omp around
// its clauses renamed these (mlir-opt-19 and -22 give the same value
// under each name).
var renamedAttrs = map[string]map[string]string{
	"omp": {
		"hint": "hint_val", "memory_order": "memory_order_val",
		"cancel_directive": "cancellation_construct_type_val", "copyprivate_syms": "copyprivate_funcs",
	},
}

// renamedFrom is the attribute of m that p renamed (renamedAttrs), where
// its releases all come before p's.
func renamedFrom(dialect string, m *mergedOp, p *mergedPart) string {
	old := renamedAttrs[dialect][p.name]
	if old == "" {
		return ""
	}
	for _, q := range m.attributes {
		if q.name == old && q.span.last < p.span.first {
			return old
		}
	}
	return ""
}
