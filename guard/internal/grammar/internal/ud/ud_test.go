package ud

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const sample = "# sent_id = s1\n# text = Don't go.\n" +
	"1-2\tDon't\t_\t_\t_\t_\t_\t_\t_\t_\n" +
	"1\tDo\tdo\tAUX\tVB\tMood=Imp|VerbForm=Fin\t3\taux\t3:aux\tSpaceAfter=No\n" +
	"2\tn't\tnot\tPART\tRB\tPolarity=Neg\t3\tadvmod\t3:advmod\t_\n" +
	"3\tgo\tgo\tVERB\tVB\tMood=Imp|VerbForm=Fin\t0\troot\t0:root\tSpaceAfter=No\n" +
	"3.1\tx\tx\tX\tX\t_\t_\t_\t3:dep\t_\n" +
	"4\t.\t.\tPUNCT\t.\t_\t3\tpunct\t3:punct\t_\n\n"

func TestRead(t *testing.T) {
	got, err := Read(strings.NewReader(sample + sample))
	require.NoError(t, err)
	require.Len(t, got, 2)
	s := got[0]
	assert.Equal(t, "s1", s.ID)
	assert.Equal(t, "Don't go.", s.Text)
	require.Len(t, s.Words, 4, "the multiword token line and the empty node are skipped")
	assert.Equal(t, "Do", s.Words[0].Form)
	assert.False(t, s.Words[0].SpaceAfter)
	assert.True(t, s.Words[1].SpaceAfter)
	assert.Equal(t, 3, s.Words[0].Head)
	assert.True(t, s.Words[2].HasFeat("Mood=Imp"))
	assert.False(t, s.Words[2].HasFeat("Mood=Ind"))
}

func TestReadErrors(t *testing.T) {
	_, err := Read(strings.NewReader("1\ttoo\tfew\n"))
	assert.ErrorContains(t, err, "line 1")
	_, err = Read(strings.NewReader("1\ta\ta\tX\tX\t_\tnope\tdep\t_\t_\n"))
	assert.ErrorContains(t, err, "head")
}

func FuzzRead(f *testing.F) {
	f.Add(sample)
	f.Add("1\ta\tb\tc\td\te\t0\tf\tg\th\n\n# text = x\n")
	f.Fuzz(func(t *testing.T, s string) {
		got, err := Read(strings.NewReader(s))
		if err != nil {
			return
		}
		for _, sent := range got {
			assert.NotEmpty(t, sent.Words)
		}
	})
}
