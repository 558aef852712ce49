package grammar

import (
	"math"
	"slices"
)

// perceptron is an averaged multiclass perceptron (Collins 2002), used
// only while training (internal/gen). Weights are dense per feature row;
// rows are created on a feature's first update.
type perceptron struct {
	nClasses int
	idx      map[uint64]int32
	w        []float32 // row*nClasses + class
	total    []float32 // accumulated weight for averaging
	stamp    []int32   // instance number of the last change
	n        int32     // instances seen
}

func newPerceptron(nClasses int) *perceptron {
	return &perceptron{nClasses: nClasses, idx: map[uint64]int32{}}
}

// score adds the votes of feats to scores (len nClasses).
func (p *perceptron) score(feats []uint64, scores []float32) {
	for _, f := range feats {
		r, ok := p.idx[f]
		if !ok {
			continue
		}
		row := p.w[int(r)*p.nClasses : int(r+1)*p.nClasses]
		for c, v := range row {
			scores[c] += v
		}
	}
}

// tick counts one training instance.
func (p *perceptron) tick() { p.n++ }

// update moves weight from guess to truth on feats.
func (p *perceptron) update(truth, guess int, feats []uint64) {
	if truth == guess {
		return
	}
	for _, f := range feats {
		r, ok := p.idx[f]
		if !ok {
			r = int32(len(p.w) / p.nClasses)
			p.idx[f] = r
			p.w = append(p.w, make([]float32, p.nClasses)...)
			p.total = append(p.total, make([]float32, p.nClasses)...)
			p.stamp = append(p.stamp, make([]int32, p.nClasses)...)
		}
		base := int(r) * p.nClasses
		p.bump(base+truth, 1)
		p.bump(base+guess, -1)
	}
}

func (p *perceptron) bump(i int, d float32) {
	p.total[i] += float32(p.n-p.stamp[i]) * p.w[i]
	p.stamp[i] = p.n
	p.w[i] += d
}

// average replaces every weight by its average over all instances.
func (p *perceptron) average() {
	for i := range p.w {
		total := p.total[i] + float32(p.n-p.stamp[i])*p.w[i]
		p.w[i] = total / float32(max(p.n, 1))
	}
}

// export quantises the averaged weights to int16 and drops those whose
// magnitude is below prune times the largest; it returns the rows.
//
// The scale is set by the 99.9th percentile of the weights' magnitudes,
// not their maximum, so that a few very large weights (on features such as
// the bias) neither squeeze the rest into a few quantisation steps nor
// raise the pruning threshold; weights beyond it are clipped.
func (p *perceptron) export(prune float64) map[uint64]sparseRow {
	var mags []float64
	for _, v := range p.w {
		if v != 0 {
			mags = append(mags, math.Abs(float64(v)))
		}
	}
	if len(mags) == 0 {
		return map[uint64]sparseRow{}
	}
	slices.Sort(mags)
	maxAbs := mags[len(mags)-1]
	scale := 32000 / maxAbs
	out := map[uint64]sparseRow{}
	for f, r := range p.idx {
		row := p.w[int(r)*p.nClasses : int(r+1)*p.nClasses]
		var sr sparseRow
		for c, v := range row {
			if math.Abs(float64(v)) < prune*maxAbs {
				continue
			}
			q := int16(math.Round(math.Max(-32000, math.Min(32000, float64(v)*scale))))
			if q == 0 {
				continue
			}
			sr.cls = append(sr.cls, uint8(c))
			sr.w = append(sr.w, q)
		}
		if len(sr.cls) > 0 {
			out[f] = sr
		}
	}
	return out
}
