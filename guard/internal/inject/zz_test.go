package inject

import (
	"bufio"
	"fmt"
	"os"
	"testing"
)

func TestZZ(t *testing.T) {
	f, _ := os.Open("/tmp/s4.txt")
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		ts := toks(sc.Text())
		i := skipOpeners(ts)
		e, ok, bare := vocative(ts, i)
		mv, mok := machineVocative(ts, i)
		fmt.Printf("%-40.40s voc=%v,%v,%d mach=%v,%d note=%v\n", sc.Text(), ok, bare, e, mok, mv, addressedNote(ts, i))
	}
}
