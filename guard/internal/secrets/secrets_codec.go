package secrets

// This file is gitleaks' detect/codec package (v8.30.1), which decodes
// base64, hex, percent and unicode-escape segments and maps findings in
// decoded text back to the original, copied so that the one expensive
// step, finding the encoded segments, can use a hand-written scanner
// (glScanEncodings, below) instead of gitleaks' combined regular
// expression, which runs Go's NFA over the whole input on every decoding
// pass. The scanner's output is tested against that expression; the
// rest is gitleaks' code with identifiers prefixed "gl" and its debug
// logging (which printed decoded values) removed.
//
// gitleaks is MIT licensed: Copyright (c) 2019 Zachary Rice. Permission is
// hereby granted, free of charge, to any person obtaining a copy of this
// software and associated documentation files (the "Software"), to deal in
// the Software without restriction, subject to the conditions of the MIT
// License (https://github.com/gitleaks/gitleaks/blob/master/LICENSE).

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// ---- from detect/codec/start_end.go ----

// glStartEnd represents the start and end of some data. It mainly exists as a
// helper when referencing the values
type glStartEnd struct {
	start int
	end   int
}

// sub subtracts the values of two startEnds
func (s glStartEnd) sub(o glStartEnd) glStartEnd {
	return glStartEnd{
		s.start - o.start,
		s.end - o.end,
	}
}

// add adds the values of two startEnds
func (s glStartEnd) add(o glStartEnd) glStartEnd {
	return glStartEnd{
		s.start + o.start,
		s.end + o.end,
	}
}

// overlaps returns true if two startEnds overlap
func (s glStartEnd) overlaps(o glStartEnd) bool {
	return o.start <= s.end && o.end >= s.start
}

// contains returns true if the other is fully contained within this one
func (s glStartEnd) contains(o glStartEnd) bool {
	return s.start <= o.start && o.end <= s.end
}

// overflow returns a glStartEnd that tells how much the other goes outside the
// bounds of this one
func (s glStartEnd) overflow(o glStartEnd) glStartEnd {
	return s.merge(o).sub(s)
}

// merge takes two start/ends and returns a single one that encompasses both
func (s glStartEnd) merge(o glStartEnd) glStartEnd {
	return glStartEnd{
		min(s.start, o.start),
		max(s.end, o.end),
	}
}

// String returns a string representation for clearer debugging
func (s glStartEnd) String() string {
	return fmt.Sprintf("[%d,%d]", s.start, s.end)
}

// ---- from detect/codec/segment.go ----

// glEncodedSegment represents a portion of text that is encoded in some way.
type glEncodedSegment struct {
	// predecessors are all of the segments from the previous decoding pass
	predecessors []*glEncodedSegment

	// original start/end indices before decoding
	original glStartEnd

	// encoded start/end indices relative to the previous decoding pass.
	// If it's a top level segment, original and encoded will be the
	// same.
	encoded glStartEnd

	// decoded start/end indices in this pass after decoding
	decoded glStartEnd

	// decodedValue contains the decoded string for this segment
	decodedValue string

	// glEncodings is the glEncodings that make up this segment. glEncodingKind
	// can be or'd together to hold multiple glEncodings
	encodings glEncodingKind

	// depth is how many decoding passes it took to decode this segment
	depth int
}

// glCurrentLine returns from the start of the line containing the segments
// to the end of the line where the segment ends.
func glCurrentLine(segments []*glEncodedSegment, currentRaw string) string {
	// Return the whole thing if no segments are provided
	if len(segments) == 0 {
		return currentRaw
	}

	start := 0
	end := len(currentRaw)

	// Merge the ranges together into a single decoded value
	decoded := segments[0].decoded
	for i := 1; i < len(segments); i++ {
		decoded = decoded.merge(segments[i].decoded)
	}

	// Find the start of the range
	for i := decoded.start; i > -1; i-- {
		c := currentRaw[i]
		if c == '\n' {
			start = i
			break
		}
	}

	// Find the end of the range
	for i := decoded.end; i < end; i++ {
		c := currentRaw[i]
		if c == '\n' {
			end = i
			break
		}
	}

	return currentRaw[start:end]
}

// glAdjustMatchIndex maps a match index from the current decode pass back to
// its location in the original text
func glAdjustMatchIndex(segments []*glEncodedSegment, matchIndex []int) []int {
	// Don't adjust if we're not provided any segments
	if len(segments) == 0 {
		return matchIndex
	}

	// Map the match to the location in the original text
	match := glStartEnd{matchIndex[0], matchIndex[1]}

	// Map the match to its orignal location
	adjusted := glToOriginal(segments, match)

	// Return the adjusted match index
	return []int{
		adjusted.start,
		adjusted.end,
	}
}

// glSegmentsWithDecodedOverlap the segments where the start and end overlap its
// decoded range
func glSegmentsWithDecodedOverlap(segments []*glEncodedSegment, start, end int) []*glEncodedSegment {
	se := glStartEnd{start, end}
	overlaps := []*glEncodedSegment{}

	for _, segment := range segments {
		if segment.decoded.overlaps(se) {
			overlaps = append(overlaps, segment)
		}
	}

	return overlaps
}

// glToOriginal maps a start/end to its start/end in the original text
// the provided start/end should be relative to the segment's decoded value
func glToOriginal(predecessors []*glEncodedSegment, decoded glStartEnd) glStartEnd {
	if len(predecessors) == 0 {
		return decoded
	}

	// Map the decoded value one level up where it was encoded
	encoded := glStartEnd{}

	for _, p := range predecessors {
		if !p.decoded.overlaps(decoded) {
			continue // Not in scope
		}

		// If fully contained, return the segments original start/end
		if p.decoded.contains(decoded) {
			return p.original
		}

		// Map the value to be relative to the predecessors's decoded values
		if encoded.end == 0 {
			encoded = p.encoded.add(p.decoded.overflow(decoded))
		} else {
			encoded = encoded.merge(p.encoded.add(p.decoded.overflow(decoded)))
		}
	}

	// Should only get here if the thing passed in wasn't in a decoded
	// value. This shouldn't be the case
	if encoded.end == 0 {
		return decoded
	}

	// Climb up another level
	// (NOTE: each segment references all the predecessors)
	return glToOriginal(predecessors[0].predecessors, encoded)
}

// ---- from detect/codec/glEncodings.go ----

var (
	// glEncodings contains all the glEncoding configurations for the detector.
	// The precedence is important. You want more specific glEncodings to
	// have a higher precedence or glEncodings that partially encode the
	// values (e.g. percent) unlike glEncodings that fully encode the string
	// (e.g. base64). If two glEncoding matches overlap the decoder will use
	// this order to determine which glEncoding should wait till the next pass.
	// Each precedence is the number of encodings from it to the end of the
	// list (TestEncodingPrecedence).
	glEncodings = []*glEncoding{
		{
			kind:       glPercentKind,
			precedence: 4,
			pattern:    `%[0-9A-Fa-f]{2}(?:.*%[0-9A-Fa-f]{2})?`,
			decode:     glDecodePercent,
		},
		{
			kind:       glUnicodeKind,
			precedence: 3,
			pattern:    `(?:(?:U\+[a-fA-F0-9]{4}(?:\s|$))+|(?i)(?:\\{1,2}u[a-fA-F0-9]{4})+)`,
			decode:     glDecodeUnicode,
		},
		{
			kind:       glHexKind,
			precedence: 2,
			pattern:    `[0-9A-Fa-f]{32,}`,
			decode:     glDecodeHex,
		},
		{
			kind:       glBase64Kind,
			precedence: 1,
			pattern:    `[\w\/+-]{16,}={0,2}`,
			decode:     glDecodeBase64,
		},
	}
)

// glEncodingNames is used to map the encodingKinds to their name
var glEncodingNames = []string{
	"percent",
	"unicode",
	"hex",
	"base64",
}

// glEncodingKind can be or'd together to capture all of the unique glEncodings
// that were present in a segment
type glEncodingKind int

var (
	// make sure these go up by powers of 2
	glPercentKind = glEncodingKind(1)
	glUnicodeKind = glEncodingKind(2)
	glHexKind     = glEncodingKind(4)
	glBase64Kind  = glEncodingKind(8)
)

func (e glEncodingKind) String() string {
	i := int(math.Log2(float64(e)))
	if i >= len(glEncodingNames) {
		return ""
	}
	return glEncodingNames[i]
}

// glEncodingMatch represents a match of an glEncoding in the text
type glEncodingMatch struct {
	encoding *glEncoding
	glStartEnd
}

// glEncoding represent a type of coding supported by the decoder.
type glEncoding struct {
	// the kind of decoding (e.g. base64, etc)
	kind glEncodingKind
	// the regex pattern that matches the glEncoding format
	pattern string
	// take the match and return the decoded value
	decode func(string) string
	// determine which glEncoding should win out when two overlap
	precedence int
}

// glEncodingsRe is a regex built by combining all the glEncoding patterns
// into named capture groups so that a single pass can detect multiple
// glEncodings. Only the tests run it (glRegexEncodings): the scanner
// finds the same matches without it.
var glEncodingsRe = sync.OnceValue(func() *regexp.Regexp {
	namedPatterns := make([]string, len(glEncodings))
	for i, glEncoding := range glEncodings {
		namedPatterns[i] = fmt.Sprintf(
			"(?P<%s>%s)",
			glEncoding.kind,
			glEncoding.pattern,
		)
	}
	return regexp.MustCompile(strings.Join(namedPatterns, "|"))
})

// glFindEncodingMatches finds as many glEncodings as it can for this pass,
// appending them to buf[:0] (a buffer the decoder reuses between passes).
func glFindEncodingMatches(buf []glEncodingMatch, data string) []glEncodingMatch {
	all := glScanEncodingsInto(buf[:0], data)

	totalMatches := len(all)
	if totalMatches == 1 {
		return all
	}

	// filter out lower precedence ones that overlap their neigbors; in
	// place: the write index never passes the read index, and the previous
	// match is kept aside before its slot can be overwritten.
	filtered := all[:0]
	var prev glEncodingMatch
	for i := range all {
		m := all[i]
		skip := false
		if i > 0 && m.overlaps(prev.glStartEnd) && prev.encoding.precedence > m.encoding.precedence {
			skip = true // skip this one
		}
		if !skip && i+1 < totalMatches {
			next := all[i+1]
			if m.overlaps(next.glStartEnd) && next.encoding.precedence > m.encoding.precedence {
				skip = true // skip this one
			}
		}
		prev = m
		if !skip {
			filtered = append(filtered, m)
		}
	}

	return filtered
}

// ---- from detect/codec/decoder.go ----

// glDecoder decodes various types of data in place
type glDecoder struct {
	// decodedMap caches non-empty decoded values (gitleaks caches every
	// value; decoding is a pure function, so what is cached changes only
	// the time taken). Created on first use.
	decodedMap map[string]string
	// failed remembers recent values that decoded to nothing, without
	// allocating: a path or identifier repeated through a text is tried
	// once.
	failed [8]string
	nfail  int
	// matches is the encoding-match buffer reused between passes.
	matches []glEncodingMatch
}

// reset forgets the values decoded, keeping the match buffer.
func (d *glDecoder) reset() {
	d.decodedMap = nil
	d.failed = [8]string{}
	d.nfail = 0
	d.matches = d.matches[:0]
}

// decode returns m's decoding of encodedValue, through the caches.
func (d *glDecoder) decode(enc *glEncoding, encodedValue string) string {
	if v, ok := d.decodedMap[encodedValue]; ok {
		return v
	}
	for _, f := range d.failed {
		if f == encodedValue && f != "" {
			return ""
		}
	}
	v := enc.decode(encodedValue)
	if v == "" {
		d.failed[d.nfail%len(d.failed)] = encodedValue
		d.nfail++
		return ""
	}
	if d.decodedMap == nil {
		d.decodedMap = make(map[string]string)
	}
	d.decodedMap[encodedValue] = v
	return v
}

// Decode returns the data with the values decoded in place along with the
// encoded segment meta data for the next pass of decoding
func (d *glDecoder) Decode(data string, predecessors []*glEncodedSegment) (string, []*glEncodedSegment) {
	segments := d.findEncodedSegments(data, predecessors)

	if len(segments) > 0 {
		result := bytes.NewBuffer(make([]byte, 0, len(data)))
		encodedStart := 0
		for _, segment := range segments {
			result.WriteString(data[encodedStart:segment.encoded.start])
			result.WriteString(segment.decodedValue)
			encodedStart = segment.encoded.end
		}

		result.WriteString(data[encodedStart:])
		return result.String(), segments
	}

	return data, segments
}

// findEncodedSegments finds the encoded segments in the data
func (d *glDecoder) findEncodedSegments(data string, predecessors []*glEncodedSegment) []*glEncodedSegment {
	if len(data) == 0 {
		return nil
	}

	decodedShift := 0
	d.matches = glFindEncodingMatches(d.matches, data)
	var segments []*glEncodedSegment
	for _, m := range d.matches {
		encodedValue := data[m.start:m.end]
		decodedValue := d.decode(m.encoding, encodedValue)

		if len(decodedValue) == 0 {
			continue
		}

		segment := &glEncodedSegment{
			predecessors: predecessors,
			original:     glToOriginal(predecessors, m.glStartEnd),
			encoded:      m.glStartEnd,
			decoded: glStartEnd{
				m.start + decodedShift,
				m.start + decodedShift + len(decodedValue),
			},
			decodedValue: decodedValue,
			encodings:    m.encoding.kind,
			depth:        1,
		}

		// Shift decoded start and ends based on size changes
		decodedShift += len(decodedValue) - len(encodedValue)

		// Adjust depth and glEncoding if applicable
		if len(segment.predecessors) != 0 {
			// Set the depth based on the predecessors' depth in the previous pass
			segment.depth = 1 + segment.predecessors[0].depth
			// Adjust glEncodings
			for _, p := range segment.predecessors {
				if segment.encoded.overlaps(p.decoded) {
					segment.encodings |= p.encodings
				}
			}
		}

		segments = append(segments, segment)
	}

	return segments
}

// ---- from detect/codec/ascii.go ----

// glPrintableByte reports whether b is printable ASCII as gitleaks' table
// has it (tab to '~'; gitleaks fills a table in init).
func glPrintableByte(b byte) bool { return '\x08' < b && b < '\x7f' }

// glIsPrintableASCII returns true if all bytes are printable ASCII
func glIsPrintableASCII(b []byte) bool {
	for _, c := range b {
		if !glPrintableByte(c) {
			return false
		}
	}

	return true
}

// glHasByte can be used to check if a string has at least one of the provided
// bytes. Note: make sure byteset is long enough to handle the largest byte in
// the string.
func glHasByte(data string, byteset *[256]bool) bool {
	for i := 0; i < len(data); i++ {
		if byteset[data[i]] {
			return true
		}
	}
	return false
}

// ---- from detect/codec/base64.go ----

// glLikelyBase64Chars is a set of characters that you would expect to find at
// least one of in base64 encoded data. This risks missing about 1% of
// base64 encoded data that doesn't contain these characters, but gives you
// the performance gain of not trying to decode a lot of long symbols in code.
var glLikelyBase64Chars = &[256]bool{'0': true, '1': true, '2': true, '3': true, '4': true, '5': true, '6': true,
	'7': true, '8': true, '9': true, '+': true, '/': true, '-': true, '_': true}

// glDecodeBase64 decodes base64 encoded printable ASCII characters
func glDecodeBase64(encodedValue string) string {
	// Exit early if it doesn't seem like base64
	if !glHasByte(encodedValue, glLikelyBase64Chars) {
		return ""
	}

	// Try standard base64 decoding, then base64url. Decoding into a
	// stack buffer (DecodeString allocates twice) keeps the common case,
	// a path or identifier that is not base64 of printable text, free of
	// allocations.
	var buf [512]byte
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawURLEncoding} {
		dst := buf[:]
		if n := enc.DecodedLen(len(encodedValue)); n > len(dst) {
			dst = make([]byte, n)
		}
		n, err := enc.Decode(dst, unsafe.Slice(unsafe.StringData(encodedValue), len(encodedValue)))
		if err == nil && glIsPrintableASCII(dst[:n]) {
			return string(dst[:n])
		}
	}
	return ""
}

// ---- from detect/codec/hex.go ----

// glHexMap is a precalculated map of hex nibbles
const glHexMap = "" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\xff\xff\xff\xff\xff\xff" +
	"\xff\x0a\x0b\x0c\x0d\x0e\x0f\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\x0a\x0b\x0c\x0d\x0e\x0f\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff" +
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"

// glLikelyHexChars is a set of characters that you would expect to find at
// least one of in hex encoded data. This risks missing some hex data that
// doesn't contain these characters, but gives you the performance gain of not
// trying to decode a lot of long symbols in code.
var glLikelyHexChars = &[256]bool{'0': true, '1': true, '2': true, '3': true, '4': true, '5': true, '6': true,
	'7': true, '8': true, '9': true}

// glDecodeHex decodes hex data
func glDecodeHex(encodedValue string) string {
	size := len(encodedValue)
	// hex should have two characters per byte
	if size%2 != 0 {
		return ""
	}
	if !glHasByte(encodedValue, glLikelyHexChars) {
		return ""
	}

	decodedValue := make([]byte, size/2)
	for i := 0; i < size; i += 2 {
		n1 := glHexMap[encodedValue[i]]
		n2 := glHexMap[encodedValue[i+1]]
		if n1|n2 == '\xff' {
			return ""
		}
		b := n1<<4 | n2
		if !glPrintableByte(b) {
			return ""
		}
		decodedValue[i/2] = b
	}

	return string(decodedValue)
}

// ---- from detect/codec/percent.go ----

// glDecodePercent decodes percent encoded strings
func glDecodePercent(encodedValue string) string {
	encLen := len(encodedValue)
	decodedValue := make([]byte, encLen)
	decIndex := 0
	encIndex := 0

	for encIndex < encLen {
		if encodedValue[encIndex] == '%' && encIndex+2 < encLen {
			n1 := glHexMap[encodedValue[encIndex+1]]
			n2 := glHexMap[encodedValue[encIndex+2]]
			// Make sure they're hex characters
			if n1|n2 != '\xff' {
				b := n1<<4 | n2
				if !glPrintableByte(b) {
					return ""
				}

				decodedValue[decIndex] = b
				encIndex += 3
				decIndex += 1
				continue
			}
		}

		decodedValue[decIndex] = encodedValue[encIndex]
		encIndex += 1
		decIndex += 1
	}

	return string(decodedValue[:decIndex])
}

// ---- from detect/codec/unicode.go ----

var (
	// Standard Unicode notation (e.g., U+1234)
	glUnicodeCodePointPat = regexp.MustCompile(`U\+([a-fA-F0-9]{4}).?`)

	// Multiple code points pattern - used for continuous sequences like "U+0074 U+006F U+006B..."
	glUnicodeMultiCodePointPat = regexp.MustCompile(`(?:U\+[a-fA-F0-9]{4}(?:\s|$))+`)

	// Common escape sequence used in programming languages (e.g., \u1234)
	glUnicodeEscapePat = regexp.MustCompile(`(?i)\\{1,2}u([a-fA-F0-9]{4})`)

	// Multiple escape sequences pattern - used for continuous sequences like "\u0074\u006F\u006B..."
	glUnicodeMultiEscapePat = regexp.MustCompile(`(?i)(?:\\{1,2}u[a-fA-F0-9]{4})+`)
)

// Unicode characters are encoded as 1 to 4 bytes per rune.
const glMaxBytesPerRune = 4

// glDecodeUnicode decodes Unicode escape sequences in the given string
func glDecodeUnicode(encodedValue string) string {
	// First, check if we have a continuous sequence of Unicode code points
	if matches := glUnicodeMultiCodePointPat.FindAllString(encodedValue, -1); len(matches) > 0 {
		// For each detected sequence of code points
		for _, match := range matches {
			// Decode the entire sequence at once
			decodedSequence := glDecodeMultiCodePoint(match)

			// If we successfully decoded something, replace it in the original string
			if decodedSequence != "" && decodedSequence != match {
				encodedValue = strings.Replace(encodedValue, match, decodedSequence, 1)
			}
		}
		return encodedValue
	}

	// Next, check if we have a continuous sequence of escape sequences
	if matches := glUnicodeMultiEscapePat.FindAllString(encodedValue, -1); len(matches) > 0 {
		// For each detected sequence of escape sequences
		for _, match := range matches {
			// Decode the entire sequence at once
			decodedSequence := glDecodeMultiEscape(match)

			// If we successfully decoded something, replace it in the original string
			if decodedSequence != "" && decodedSequence != match {
				encodedValue = strings.Replace(encodedValue, match, decodedSequence, 1)
			}
		}
		return encodedValue
	}

	// If no multi-patterns were matched, fall back to the original implementation
	// for individual code points and escape sequences

	// Create a copy of the input to work with
	data := []byte(encodedValue)

	// Store the result
	var result []byte

	// Check and decode Unicode code points (U+1234 format)
	if glUnicodeCodePointPat.Match(data) {
		result = glDecodeIndividualCodePoints(data)
	}

	// If no code points were found or we have a mix of formats,
	// also check for Unicode escape sequences (\u1234 format)
	if len(result) == 0 || glUnicodeEscapePat.Match(data) {
		// If we already have some result from code point decoding,
		// continue decoding escape sequences on that result
		if len(result) > 0 {
			result = glDecodeIndividualEscapes(result)
		} else {
			result = glDecodeIndividualEscapes(data)
		}
	}

	// If nothing was decoded, return original string
	if len(result) == 0 || bytes.Equal(result, data) {
		return encodedValue
	}

	return string(result)
}

// glDecodeMultiCodePoint decodes a continuous sequence of Unicode code points (U+XXXX format)
func glDecodeMultiCodePoint(sequence string) string {
	// If the sequence is empty, return empty string
	if sequence == "" {
		return ""
	}

	// Split the sequence by whitespace to get individual code points
	codePoints := strings.Fields(sequence)
	if len(codePoints) == 0 {
		return sequence
	}

	// Decode each code point and build the result
	var decodedRunes []rune
	for _, cp := range codePoints {
		// Check if it follows the U+XXXX pattern
		if !strings.HasPrefix(cp, "U+") || len(cp) < 6 {
			continue
		}

		// Extract the hexadecimal value
		hexValue := cp[2:]

		// Parse the hexadecimal value to an integer
		unicodeInt, err := strconv.ParseInt(hexValue, 16, 32)
		if err != nil {
			continue
		}

		// Convert to rune and add to result
		decodedRunes = append(decodedRunes, rune(unicodeInt))
	}

	// If we didn't decode anything, return the original sequence
	if len(decodedRunes) == 0 {
		return sequence
	}

	// Return the decoded string
	return string(decodedRunes)
}

// glDecodeMultiEscape decodes a continuous sequence of Unicode escape sequences (\uXXXX format)
func glDecodeMultiEscape(sequence string) string {
	// If the sequence is empty, return empty string
	if sequence == "" {
		return ""
	}

	// Find all escape sequences
	escapes := glUnicodeEscapePat.FindAllStringSubmatch(sequence, -1)
	if len(escapes) == 0 {
		return sequence
	}

	// Decode each escape sequence and build the result
	var decodedRunes []rune
	for _, esc := range escapes {
		// Extract the hexadecimal value
		hexValue := esc[1]

		// Parse the hexadecimal value to an integer
		unicodeInt, err := strconv.ParseInt(hexValue, 16, 32)
		if err != nil {
			continue
		}

		// Convert to rune and add to result
		decodedRunes = append(decodedRunes, rune(unicodeInt))
	}

	// If we didn't decode anything, return the original sequence
	if len(decodedRunes) == 0 {
		return sequence
	}

	// Return the decoded string
	return string(decodedRunes)
}

// glDecodeIndividualCodePoints decodes individual Unicode code points (U+1234 format)
// This is a fallback for when we don't have a continuous sequence of code points
func glDecodeIndividualCodePoints(input []byte) []byte {
	// Find all Unicode code point sequences in the input byte slice
	indices := glUnicodeCodePointPat.FindAllSubmatchIndex(input, -1)

	// If none found, return original input
	if len(indices) == 0 {
		return input
	}

	// Iterate over found indices in reverse order to avoid modifying the slice length
	utf8Bytes := make([]byte, glMaxBytesPerRune)
	for i := len(indices) - 1; i >= 0; i-- {
		matches := indices[i]

		startIndex := matches[0]
		endIndex := matches[1]
		hexStartIndex := matches[2]
		hexEndIndex := matches[3]

		// If the input is like `U+1234 U+5678` we should replace `U+1234 `.
		// Otherwise, we should only replace `U+1234`.
		if endIndex != hexEndIndex && endIndex < len(input) && input[endIndex-1] == ' ' {
			endIndex = endIndex - 1
		}

		// Extract the hexadecimal value from the escape sequence
		hexValue := string(input[hexStartIndex:hexEndIndex])

		// Parse the hexadecimal value to an integer
		unicodeInt, err := strconv.ParseInt(hexValue, 16, 32)
		if err != nil {
			// If there's an error, continue to the next escape sequence
			continue
		}

		// Convert the Unicode code point to a UTF-8 representation
		utf8Len := utf8.EncodeRune(utf8Bytes, rune(unicodeInt))

		// Replace the escape sequence with the UTF-8 representation
		input = append(input[:startIndex], append(utf8Bytes[:utf8Len], input[endIndex:]...)...)
	}

	return input
}

// glDecodeIndividualEscapes decodes individual Unicode escape sequences (\u1234 format)
// This is a fallback for when we don't have a continuous sequence of escape sequences
func glDecodeIndividualEscapes(input []byte) []byte {
	// Find all Unicode escape sequences in the input byte slice
	indices := glUnicodeEscapePat.FindAllSubmatchIndex(input, -1)

	// If none found, return original input
	if len(indices) == 0 {
		return input
	}

	// Iterate over found indices in reverse order to avoid modifying the slice length
	utf8Bytes := make([]byte, glMaxBytesPerRune)
	for i := len(indices) - 1; i >= 0; i-- {
		matches := indices[i]

		startIndex := matches[0]
		hexStartIndex := matches[2]
		endIndex := matches[3]

		// Extract the hexadecimal value from the escape sequence
		hexValue := string(input[hexStartIndex:endIndex])

		// Parse the hexadecimal value to an integer
		unicodeInt, err := strconv.ParseInt(hexValue, 16, 32)
		if err != nil {
			// If there's an error, continue to the next escape sequence
			continue
		}

		// Convert the Unicode code point to a UTF-8 representation
		utf8Len := utf8.EncodeRune(utf8Bytes, rune(unicodeInt))

		// Replace the escape sequence with the UTF-8 representation
		input = append(input[:startIndex], append(utf8Bytes[:utf8Len], input[endIndex:]...)...)
	}

	return input
}

// glRegexEncodings is what gitleaks computes with its combined expression:
// every encoding match, in order, before the precedence filter. Tests
// compare glScanEncodings with it.
func glRegexEncodings(data string) []glEncodingMatch {
	var all []glEncodingMatch
	for _, matchIndex := range glEncodingsRe().FindAllStringSubmatchIndex(data, -1) {
		// Add the glEncodingMatch with its proper glEncoding
		for i, j := 2, 0; i < len(matchIndex); i, j = i+2, j+1 {
			if matchIndex[i] > -1 {
				all = append(all, glEncodingMatch{
					encoding: glEncodings[j],
					glStartEnd: glStartEnd{
						start: matchIndex[i],
						end:   matchIndex[i+1],
					},
				})
			}
		}
	}
	return all
}

// glScanEncodings finds the same matches as glRegexEncodings without a
// regular expression. gitleaks' expression is the alternation, in this
// order, of
//
//	percent: %[0-9A-Fa-f]{2}(?:.*%[0-9A-Fa-f]{2})?
//	unicode: (?:U\+[a-fA-F0-9]{4}(?:\s|$))+|(?i)(?:\\{1,2}u[a-fA-F0-9]{4})+
//	hex:     [0-9A-Fa-f]{32,}
//	base64:  [\w\/+-]{16,}={0,2}
//
// FindAll takes the leftmost position where an alternative matches and,
// there, the first alternative that matches, each with its greedy length;
// the next search starts where the match ended. Every alternative starts
// with an ASCII byte, so trying each byte offset is exact.
func glScanEncodings(data string) []glEncodingMatch {
	return glScanEncodingsInto(nil, data)
}

// Byte classes of glScanEncodingsInto.
const (
	glClsB64   = 1 << iota // [\w/+-]: base64 alternative
	glClsHex               // [0-9A-Fa-f] (all also glClsB64)
	glClsStart             // '%', '\\', 'U': may start percent or unicode
)

var glByteClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		if IsB64Char(byte(c)) {
			t[c] |= glClsB64
		}
		if IsHexChar(byte(c)) {
			t[c] |= glClsHex
		}
	}
	t['%'] |= glClsStart
	t['\\'] |= glClsStart
	t['U'] |= glClsStart
	return t
}()

// glScanEncodingsInto is glScanEncodings appending to all, in one pass:
// trying glEncodingAt at every byte re-reads a word's characters once per
// position. At a position i that starts no match and holds a base64
// character, let b and h end the base64 and hex runs from i (hex digits
// are base64 characters, so h <= b); then b-i < 16 and h-i < 32. A
// position j in (i, b) starts a hex run no longer than max(h-j, b-j) < 32
// and a base64 run b-j < 16, and holds a base64 character, so neither '%'
// nor '\\': only a 'U' there can start a match (unicode), and the scan
// tries just those before moving on to b.
func glScanEncodingsInto(all []glEncodingMatch, data string) []glEncodingMatch {
	n := len(data)
	add := func(kind, start, end int) {
		all = append(all, glEncodingMatch{encoding: glEncodings[kind], glStartEnd: glStartEnd{start: start, end: end}})
	}
	for i := 0; i < n; {
		cls := glByteClass[data[i]]
		if cls == 0 {
			i++
			continue
		}
		if cls&glClsB64 == 0 {
			// '%' or '\\'
			if kind, end := glEncodingAt(data, i); kind >= 0 {
				add(kind, i, end)
				i = end
				continue
			}
			i++
			continue
		}
		if cls&glClsStart != 0 {
			// 'U': unicode first, then hex and base64 as glEncodingAt does
			if kind, end := glEncodingAt(data, i); kind >= 0 {
				add(kind, i, end)
				i = end
				continue
			}
		}
		b := i + 1
		var seen uint8 // classes met in (i, b): glClsStart means a 'U'
		for b < n {
			c := glByteClass[data[b]]
			if c&glClsB64 == 0 {
				break
			}
			seen |= c
			b++
		}
		if cls&glClsHex != 0 && b-i >= 32 {
			h := i + 1
			for h < b && glByteClass[data[h]]&glClsHex != 0 {
				h++
			}
			if h-i >= 32 {
				add(2, i, h)
				i = h
				continue
			}
		}
		if b-i >= 16 {
			end := b
			for k := 0; k < 2 && end < n && data[end] == '='; k++ {
				end++
			}
			add(3, i, end)
			i = end
			continue
		}
		// No match at i: only a 'U' in (i, b) can start one.
		next := b
		for j := i + 1; j < b && seen&glClsStart != 0; j++ {
			if data[j] != 'U' {
				continue
			}
			if kind, end := glEncodingAt(data, j); kind >= 0 {
				add(kind, j, end)
				next = end
				break
			}
		}
		i = next
	}
	return all
}

// glEncodingAt returns the index into glEncodings of the alternative that
// matches at i and the end of its match, or -1.
func glEncodingAt(d string, i int) (int, int) {
	n := len(d)
	isHex := func(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }
	hex4 := func(p int) bool {
		return p+4 <= n && isHex(d[p]) && isHex(d[p+1]) && isHex(d[p+2]) && isHex(d[p+3])
	}
	switch c := d[i]; {
	case c == '%':
		if i+3 <= n && isHex(d[i+1]) && isHex(d[i+2]) {
			lineEnd := n
			if k := strings.IndexByte(d[i+3:], '\n'); k >= 0 {
				lineEnd = i + 3 + k
			}
			// greedy .* : the last %XX that ends by the end of the line
			for j := lineEnd - 3; j >= i+3; j-- {
				if d[j] == '%' && isHex(d[j+1]) && isHex(d[j+2]) {
					return 0, j + 3
				}
			}
			return 0, i + 3
		}
	case c == 'U':
		end := i
		for end+2 <= n && d[end] == 'U' && d[end+1] == '+' && hex4(end+2) {
			p := end + 6
			if p < n && (d[p] == ' ' || d[p] == '\t' || d[p] == '\n' || d[p] == '\f' || d[p] == '\r') {
				end = p + 1
				continue
			}
			if p == n {
				end = p
			}
			break
		}
		if end > i {
			return 1, end
		}
	case c == '\\':
		end := i
		for end < n && d[end] == '\\' {
			p := end + 1
			if p < n && d[p] == '\\' {
				p++
			}
			if p < n && (d[p] == 'u' || d[p] == 'U') && hex4(p+1) {
				end = p + 5
				continue
			}
			break
		}
		if end > i {
			return 1, end
		}
	}
	h := i
	for h < n && isHex(d[h]) {
		h++
	}
	if h-i >= 32 {
		return 2, h
	}
	b := i
	for b < n && (IsB64Char(d[b])) {
		b++
	}
	if b-i >= 16 {
		for k := 0; k < 2 && b < n && d[b] == '='; k++ {
			b++
		}
		return 3, b
	}
	return -1, 0
}
