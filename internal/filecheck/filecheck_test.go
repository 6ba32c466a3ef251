package filecheck

import "testing"

func TestMatch(t *testing.T) {
	text := "a = 1, b = 2\nc = 3\n  d   = 4\n"
	for _, c := range []struct {
		src string
		ok  bool
	}{
		// CHECK goes on from the end of the last match, on its line too.
		{"// CHECK: a = 1\n// CHECK: b = 2", true},
		{"// CHECK: b = 2\n// CHECK: a = 1", false},
		{"// CHECK: a = [[X:.]]\n// CHECK-SAME: b = 2\n// CHECK-NEXT: c = 3", true},
		{"// CHECK: a = 1\n// CHECK-NEXT: d = 4", false},
		// Runs of spaces compare as one; variables hold what they matched.
		{"// CHECK: d = 4", true},
		{"// CHECK: a = [[X:.]]\n// CHECK: c = [[X]]", false},
		{"// CHECK: b = [[X:.]]\n// CHECK: {{^}}  d = 4\n// CHECK-NOT: x\n// CHECK: {{.*}}", true},
		{"// CHECK: c = {{[0-9]}}\n// CHECK-NOT: anything\n// CHECK: d = 4", true},
		{"// CHECK-DAG: d = 4\n// CHECK-DAG: c = 3\n// CHECK: d", false},
	} {
		err := Match(Lines(c.src), text)
		if (err == nil) != c.ok {
			t.Errorf("%q: %v, want ok %v", c.src, err, c.ok)
		}
	}
}
