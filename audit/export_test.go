package audit

// EncodeHeadForTest exposes the head encoding to the external tests, which
// play an attacker who knows the documented format.
func EncodeHeadForTest(h Head, key []byte, logID string) []byte { return encodeHead(key, logID, h) }
