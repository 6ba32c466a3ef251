// Package sdy is Shardy's sdy dialect (openxla/shardy), imported from its
// ODS records (make import-shardy): meshes, shardings and the ops that
// carry them, as JAX's StableHLO exports hold them. Its enums, attribute
// values and op schemas are generated from sdy.yaml; the op wrappers and
// builders are in package sdyops.
package sdy

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen sdy.yaml
