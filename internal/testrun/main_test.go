package main

import (
	"strings"
	"testing"
	"time"
)

// TestLines feeds go test -json output and checks what is printed: one
// line per package when it ends, the output of failed tests, build
// errors, and the packages without tests at the end.
func TestLines(t *testing.T) {
	var b strings.Builder
	r := &runner{out: &b, module: "m", pkgs: map[string]*pkg{}, builds: map[string][]string{}, lastLine: time.Now()}
	for _, l := range []string{
		`{"ImportPath":"m/b [m/b.test]","Action":"build-output","Output":"# m/b [m/b.test]\n"}`,
		`{"ImportPath":"m/b [m/b.test]","Action":"build-output","Output":"b/b_test.go:3:39: cannot use \"s\"\n"}`,
		`{"ImportPath":"m/b [m/b.test]","Action":"build-fail"}`,
		`{"Action":"start","Package":"m/a"}`,
		`{"Action":"start","Package":"m/b"}`,
		`{"Action":"output","Package":"m/b","Output":"FAIL\tm/b [build failed]\n"}`,
		`{"Action":"fail","Package":"m/b","Elapsed":0,"FailedBuild":"m/b [m/b.test]"}`,
		`{"Action":"start","Package":"m/c"}`,
		`{"Action":"output","Package":"m/c","Output":"?   \tm/c\t[no test files]\n"}`,
		`{"Action":"skip","Package":"m/c","Elapsed":0}`,
		`{"Action":"run","Package":"m/a","Test":"TestOK"}`,
		`{"Action":"output","Package":"m/a","Test":"TestOK","Output":"=== RUN   TestOK\n"}`,
		`{"Action":"output","Package":"m/a","Test":"TestOK","Output":"    a_test.go:3: hello\n"}`,
		`{"Action":"pass","Package":"m/a","Test":"TestOK","Elapsed":0}`,
		`{"Action":"run","Package":"m/a","Test":"TestFail/sub"}`,
		`{"Action":"output","Package":"m/a","Test":"TestFail/sub","Output":"    a_test.go:4: boom\n"}`,
		`{"Action":"output","Package":"m/a","Test":"TestFail/sub","Output":"--- FAIL: TestFail/sub (0.00s)\n"}`,
		`{"Action":"fail","Package":"m/a","Test":"TestFail/sub","Elapsed":0}`,
		`{"Action":"output","Package":"m/a","Test":"TestFail","Output":"--- FAIL: TestFail (0.00s)\n"}`,
		`{"Action":"fail","Package":"m/a","Test":"TestFail","Elapsed":0}`,
		`{"Action":"skip","Package":"m/a","Test":"TestSkip","Elapsed":0}`,
		`{"Action":"output","Package":"m/a","Output":"FAIL\n"}`,
		`{"Action":"output","Package":"m/a","Output":"FAIL\tm/a\t0.002s\n"}`,
		`{"Action":"fail","Package":"m/a","Elapsed":1.25}`,
		`{"Action":"start","Package":"m/d"}`,
		`{"Action":"output","Package":"m/d","Output":"ok  \tm/d\t(cached)\n"}`,
		`{"Action":"pass","Package":"m/d","Test":"TestD","Elapsed":0}`,
		`{"Action":"pass","Package":"m/d","Elapsed":0}`,
		`not json`,
	} {
		r.line([]byte(l))
	}
	r.summary(2 * time.Second)
	want := `# m/b [m/b.test]
b/b_test.go:3:39: cannot use "s"
FAIL  b                                   0.0s  build failed
FAIL  a                                   1.2s  2 of 3 failed, 1 skipped
    a_test.go:4: boom
--- FAIL: TestFail/sub (0.00s)
--- FAIL: TestFail (0.00s)
ok    d                                 cached  1 passed
not json
      no test files: c
FAIL (2 failed): 3 packages in 2.0s
`
	if got := b.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
