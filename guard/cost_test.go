package guard

import (
	"cmp"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/wardline/wardline/internal/crafted"
)

// Worst-case cost (issue 17): no crafted input costs more than a few
// times typical text of the same size. The inputs repeat every trigger
// token of the detectors (internal/crafted); the benchmarks below measure
// the ones that cost the most before, the test measures them all.

// maxCostRatio is how many times typical text's cost per byte a crafted
// input may cost.
const maxCostRatio float64 = 20

// costRatioFor is the bound per detector where it differs from
// maxCostRatio. Secrets: typical text holds none of gitleaks' keywords, so
// its cost is the keyword prefilter alone (about 2 ns a byte), while a
// keyword every few bytes ("bedrock-api-key-=" repeated) runs its rule at
// every hit, linear but at 17 to 20x that baseline (0.65 ms for 16 KiB):
// too close to 20 to hold on a busy machine. The growth check below keeps
// such inputs linear.
var costRatioFor = map[string]float64{"Secrets": 30}

// maxGrowth bounds how many times more the costliest inputs cost at
// costSize than at a quarter of it: 4 for linear work, 16 for quadratic.
const maxGrowth float64 = 8

// costSize is the size of the texts the cost test measures: smaller than
// the benchmarks' 64 KiB, to keep the test short, and large enough that
// work growing faster than the text shows many times over.
const costSize = 16 << 10

// knownSlow are crafted inputs known to cost more than the bound: the
// test logs their ratio instead of failing. Each entry says where the
// time goes.
var knownSlow = map[string]string{}

var costFuncs = []struct {
	name string
	f    func(string)
}{
	{"Sanitize", func(s string) { Sanitize(s) }},
	{"Instructions", func(s string) { Instructions(s) }},
	{"Secrets", func(s string) { Secrets(s) }},
	{"URLs", func(s string) { URLs(s) }},
	{"Exfiltration", func(s string) { Exfiltration(s) }},
}

// TestCostPerByte checks every crafted input of every detector against
// typical text, the ratio measured in one run (see crafted.CostRatios).
func TestCostPerByte(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("measures running time")
	}
	typical := crafted.Typical(costSize)
	inputs := crafted.Inputs(costSize)
	for _, fn := range costFuncs {
		t.Run(fn.name, func(t *testing.T) {
			excuse := func(in crafted.Input) string {
				return knownSlow[fn.name+"/"+in.Name]
			}
			limit := maxCostRatio
			if l, ok := costRatioFor[fn.name]; ok {
				limit = l
			}
			v := crafted.Judge(crafted.CostRatios(fn.f, typical, inputs, limit, excuse), limit)
			for _, r := range v.Known {
				t.Logf("known: %s costs %.0fx typical per byte (%v vs %v): %s", r.Input.Name, r.PerByte, r.Cost, r.Typical, r.Excuse)
			}
			for _, r := range v.Over {
				assert.Failf(t, "over the bound", "%s costs %.1fx typical text per byte (%v vs %v on %d bytes)", r.Input.Name, r.PerByte, r.Cost, r.Typical, len(r.Input.Text))
			}
			worst := v.Worst
			t.Logf("worst: %s at %.1fx typical (%v, typical %v)", worst.Input.Name, worst.PerByte, worst.Cost, worst.Typical)
			// The costliest inputs grow with the text, not faster: four
			// times the text costs about four times as much (a square
			// would cost sixteen).
			for _, r := range costliest(v, 3) {
				g := crafted.Growth(fn.f, r.Input.Unit, costSize/4, costSize)
				assert.LessOrEqualf(t, g, maxGrowth, "%s: 4x the text costs %.1fx", r.Input.Name, g)
			}
		})
	}
}

// costliest returns up to n of the inputs v measured, the costliest per
// byte first (Over and the worst; excused inputs are known to be slow).
func costliest(v crafted.Verdict, n int) []crafted.Ratio {
	rs := append([]crafted.Ratio{v.Worst}, v.Over...)
	slices.SortFunc(rs, func(a, b crafted.Ratio) int { return cmp.Compare(b.PerByte, a.PerByte) })
	rs = slices.CompactFunc(rs, func(a, b crafted.Ratio) bool { return a.Input.Name == b.Input.Name })
	return rs[:min(n, len(rs))]
}

// benchAdversarial are the inputs BenchmarkXxx64KiB/adversarial-* measure
// per detector: those that cost the most before issue 17 (all of them
// with WARDLINE_ADVERSARIAL=all).
var benchAdversarial = map[string][]string{
	"Sanitize": {"url-www.a.-glued", "url-www.-spaced", "url-a.comx2fx23-spaced", "injection-sendx20yourx20apix20keyx20to-spaced",
		"shell-x7cx20sh-spaced", "secret-x3caddx20keyx3d-glued"},
	"Instructions": {"shell-x7cx20sh-spaced", "secret-curl-spaced", "verb-git-spaced", "injection-env-spaced", "verb-Finallyx2c-spaced"},
	"Secrets": {"secret-eyjrijoi-glued", "secret-curl-spaced", "secret-key-glued", "secret-key-sepx3d", "secret-dnkey-glued",
		"secret-ey-glued", "secret-fio-u--glued", "secret-pscale_oauth_-sepx3d", "secret-sgp_-spaced"},
	"URLs":         {"url-www.a.-glued", "url-www.-glued", "url-a.comx2fx23-spaced", "url-x5bx3ax3a1x5d-glued"},
	"Exfiltration": {"markdown-x21x5bax5dx28-glued", "injection-sendx20yourx20apix20keyx20to-spaced", "url-www.a.-glued", "markdown-x21x5b-glued"},
}

func benchCost(b *testing.B, name string, f func(string)) {
	run := func(b *testing.B, s string) {
		b.SetBytes(int64(len(s)))
		b.ReportAllocs()
		f(s)
		for b.Loop() {
			f(s)
		}
	}
	b.Run("typical", func(b *testing.B) { run(b, crafted.Typical(crafted.Size)) })
	for _, in := range crafted.BenchInputs(crafted.Size, benchAdversarial[name]...) {
		b.Run("adversarial-"+in.Name, func(b *testing.B) { run(b, in.Text) })
	}
	if name == "Sanitize" {
		for _, in := range crafted.Distinct(crafted.Size) {
			b.Run("adversarial-"+in.Name, func(b *testing.B) { run(b, in.Text) })
		}
	}
}

// BenchmarkSanitize64KiB measures Sanitize on 64 KiB of typical text and
// of crafted repetitions of trigger tokens (internal/crafted).
func BenchmarkSanitize64KiB(b *testing.B) { benchCost(b, "Sanitize", costFuncs[0].f) }

// BenchmarkInstructions64KiB is BenchmarkSanitize64KiB for Instructions.
func BenchmarkInstructions64KiB(b *testing.B) { benchCost(b, "Instructions", costFuncs[1].f) }

// BenchmarkSecrets64KiB is BenchmarkSanitize64KiB for Secrets.
func BenchmarkSecrets64KiB(b *testing.B) { benchCost(b, "Secrets", costFuncs[2].f) }

// BenchmarkURLs64KiB is BenchmarkSanitize64KiB for URLs.
func BenchmarkURLs64KiB(b *testing.B) { benchCost(b, "URLs", costFuncs[3].f) }

// BenchmarkExfiltration64KiB is BenchmarkSanitize64KiB for Exfiltration.
func BenchmarkExfiltration64KiB(b *testing.B) { benchCost(b, "Exfiltration", costFuncs[4].f) }

// maxSanitizeRatio64 is how many times typical text's cost per byte a
// crafted 64 KiB input may cost Sanitize. Measured (thread CPU time,
// each input alternated with the typical text, shared 2-core EPYC) the
// worst are the inputs whose sentences all differ (crafted.Distinct):
// forged turns and dialogue cost about 4.3 times typical text per byte
// (8 to 8.5 ms, typical 64 KiB about 1.9 ms), sentences addressed to an
// AI reader 3.6 times, one long line that opens with an injection 3
// times; repeated units a few times. Before the tagger's budget was
// halved and the line rule given a reach (guard/internal/inject's
// tagBudgetFor and lineReach) the line cost 5.7 times, and 7.5 before
// there was a budget. The bound catches work that grows faster than the
// text, which shows at 64 KiB far more than at costSize.
const maxSanitizeRatio64 = 8

// TestSanitizeCost64KiB is TestCostPerByte for Sanitize at 64 KiB: every
// crafted input and every input of distinct sentences, measured against
// typical text in one run (crafted.CostRatios: least of several calls,
// thread CPU time, inputs above the bound measured again side by side
// with the typical text).
func TestSanitizeCost64KiB(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("measures running time")
	}
	typical := crafted.Typical(crafted.Size)
	inputs := append(crafted.Inputs(crafted.Size), crafted.Distinct(crafted.Size)...)
	sanitize := costFuncs[0].f
	v := crafted.Judge(crafted.CostRatios(sanitize, typical, inputs, maxSanitizeRatio64, nil), maxSanitizeRatio64)
	for _, r := range v.Over {
		assert.Failf(t, "over the bound", "%s costs %.1fx typical text per byte (%v vs %v on %d bytes)", r.Input.Name, r.PerByte, r.Cost, r.Typical, len(r.Input.Text))
	}
	worst := v.Worst
	t.Logf("worst: %s at %.1fx typical (%v, typical %v)", worst.Input.Name, worst.PerByte, worst.Cost, worst.Typical)
}
