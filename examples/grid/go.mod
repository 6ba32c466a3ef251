module example.com/grid

go 1.26.0

require github.com/dialectgen/dialectgen v0.0.0

require (
	github.com/dave/jennifer v1.7.1 // indirect
	go.yaml.in/yaml/v3 v3.0.6 // indirect
)

replace github.com/dialectgen/dialectgen => ../..

tool github.com/dialectgen/dialectgen/cmd/dialectgen
