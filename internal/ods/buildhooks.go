package ods

// defBuildHooks names, per dialect and attribute or type, the
// hand-written builder that normalizes the parameters before the value is
// uniqued (build_hook in the definitions): a C++ get of the definition's
// own that replaces the default builder, whose body the records do not
// hold.
var defBuildHooks = map[string]map[string]string{
	// StorageSpecifierType::get keeps only the parts of the encoding that
	// change the storage: the text parser calls it too.
	"sparse_tensor": {"StorageSpecifierType": "normalizeSpecifierEncoding"},
}
