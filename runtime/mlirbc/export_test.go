package mlirbc

// AheadPays is aheadPays, for tests of which files take the second core.
var AheadPays = aheadPays
