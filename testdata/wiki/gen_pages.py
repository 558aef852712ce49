# Regenerates pages/*.md from the sources in workspace/raw/ and pricing-v1.md.
# The hashes come from Python (hashlib, unicodedata), an implementation
# independent of the Go code, so the fixtures double as known answers for
# citation.QuoteHash. Run from testdata/wiki: python3 gen_pages.py
import hashlib, unicodedata, os
def norm(s): return " ".join(unicodedata.normalize("NFC", s).split())
def qh(s): return "sha256:" + hashlib.sha256(norm(s).encode()).hexdigest()
def fh(path): return "sha256:" + hashlib.sha256(open(path,'rb').read()).hexdigest()
raw = "workspace/raw/"
def d(label, src, quote, loc=None, srchash=None, hsh=None):
    s = f"[^{label}]: {src}"
    if loc: s += f", {loc}"
    s += f' — "{quote}" ({hsh or qh(quote)}'
    if srchash: s += f"; source {srchash}"
    return s + ")"
def page(name, title, sources, expect, body, defs, structural=False):
    fm = "---\ntitle: " + title + "\nsources:\n" + "".join(f"  - {s}\n" for s in sources) + "expect: [" + ", ".join(expect) + "]\n" + ("structural: true\n" if structural else "") + "---\n"
    open("pages/"+name, "w").write(fm + "\n" + body.strip() + "\n\n" + "\n".join(defs) + "\n")
rfc = fh(raw+"rfc-0034.md")
sla = "The SLA is 99.95% monthly, measured at the load balancer over a rolling thirty-day window."
maint = "Scheduled maintenance windows are announced seven days in advance and do not count against the availability target."
sev = "Severity 1 incidents receive a first response within fifteen minutes"
page("good.md", "Service level", ["raw/rfc-0034.md", "raw/runbook.md"], [],
"""# Service level

Availability is promised per month.[^sla] Maintenance does not count.[^2]
Card tokens live in the vault.[^3]
""", [d("sla", "raw/rfc-0034.md", sla, "§Availability", rfc),
      d("2", "raw/rfc-0034.md", "Scheduled maintenance windows are announced seven days in advance\n    and do not count against the availability target."),
      d("3", "raw/runbook.md", "The payments service stores card tokens in the vault cluster, never in Postgres.", "l.3", fh(raw+"runbook.md"))])
page("good-nfc.md", "Cafeteria", ["raw/cafe.md"], [],
"Coffee is served at eight.[^1]\n", [d("1", "raw/cafe.md", unicodedata.normalize("NFC", "Le cafe\u0301 est servi a\u0300 huit heures pre\u0301cises, tous les jours ouvrables."))])
page("fabricated.md", "Service level", ["raw/rfc-0034.md"], ["quote-not-found"],
"The SLA is generous.[^1]\n", [d("1", "raw/rfc-0034.md", "The SLA is 99.99% monthly, with service credits for any breach.")])
page("fabricated-anchored.md", "Service level", ["raw/rfc-0034.md"], ["quote-not-found"],
"The SLA has credits.[^1]\n", [d("1", "raw/rfc-0034.md", "Customers receive service credits for every minute of downtime.", "p.2", rfc)])
page("drifted.md", "Pricing", ["raw/pricing.md"], ["source-drifted"],
"The standard plan is cheap.[^1]\n", [d("1", "raw/pricing.md", "The standard plan costs 10 euros per seat per month, billed yearly.", None, fh("pricing-v1.md"))])
page("source-changed-quote-kept.md", "Pricing", ["raw/pricing.md"], [],
"Billing is yearly.[^1]\n", [d("1", "raw/pricing.md", "per seat per month, billed yearly.", None, fh("pricing-v1.md"))])
page("hash-mismatch.md", "Service level", ["raw/rfc-0034.md"], ["hash-mismatch"],
"The SLA is monthly.[^1]\n", [d("1", "raw/rfc-0034.md", "The SLA is 99.99% monthly, measured at the load balancer", hsh=qh("The SLA is 99.95% monthly, measured at the load balancer"))])
page("too-short.md", "Service level", ["raw/rfc-0034.md"], ["too-short"],
"The SLA is monthly.[^1]\n", [d("1", "raw/rfc-0034.md", "99.95% monthly")])
page("stitched.md", "Service level", ["raw/rfc-0034.md"], ["stitched", "stitched"],
"Maintenance is excluded.[^1] Measured monthly.[^2]\n",
[d("1", "raw/rfc-0034.md", "The SLA is 99.95% monthly and do not count against the availability target."),
 d("2", "raw/rfc-0034.md", "The SLA is 99.95% monthly … over a rolling thirty-day window.")])
page("truncated-word.md", "Support", ["raw/rfc-0034.md"], ["quote-not-found"],
"Sev 1 is fast.[^1]\n", [d("1", "raw/rfc-0034.md", "Severity 1 incidents receive a first response within fifteen minute")])
page("missing-source.md", "Support", ["raw/nope.md"], ["missing-source", "missing-source", "missing-source"],
"Nothing.[^1] Also.[^2] And.[^3]\n", [d("1", "raw/nope.md", sev), d("2", "wiki/good.md", sev), d("3", "raw/../raw/rfc-0034.md", sev)])
page("unreferenced.md", "Support", ["raw/rfc-0034.md"], ["unreferenced-definition"],
"Sev 1 is fast.[^1]\n", [d("1", "raw/rfc-0034.md", sev), d("spare", "raw/rfc-0034.md", sev + ",")])
page("undefined.md", "Support", ["raw/rfc-0034.md"], ["undefined-reference"],
"Sev 1 is fast.[^1] See also.[^9]\n", [d("1", "raw/rfc-0034.md", sev)])
page("uncited.md", "Support", ["raw/rfc-0034.md"], ["uncited-page"],
"Severity 1 incidents are answered quickly, says the RFC.\n", [])
page("malformed.md", "Support", ["raw/rfc-0034.md"], ["malformed-definition", "malformed-definition"],
"Sev 1 is fast.[^1] Also.[^2]\n", ['[^1]: raw/rfc-0034.md — "' + sev + '"', '[^2]: ' + sev])
page("duplicate.md", "Support", ["raw/rfc-0034.md"], ["duplicate-definition"],
"Sev 1 is fast.[^1]\n", [d("1", "raw/rfc-0034.md", sev), d("1", "raw/rfc-0034.md", "at any hour of any day, every week")])
page("code-span.md", "Support", ["raw/rfc-0034.md"], ["uncited-paragraph"],
"Write references like `[^1]` in markdown.[^a]\n\n```\n[^zz] inside a fence is not a reference\n```\n", [d("a", "raw/rfc-0034.md", sev)])
page("index.md", "Index", [], [], "# Index\n\n- [Service level](good.md)\n", [], structural=True)
# The citation policy is per paragraph: a cited paragraph does not cover
# an uncited one beside it.
page("partly-cited.md", "Support", ["raw/rfc-0034.md"], ["uncited-paragraph", "uncited-paragraph"],
"# Support\n\nSev 1 is fast.[^1]\n\nSev 2 is answered within a day.\n\n- Sev 3 is best effort.\n", [d("1", "raw/rfc-0034.md", sev)])
# Quotes start and end on number boundaries: "5%" is not the tail of
# "1.5%", "2.3 billion" not the tail of "-2.3 billion", "12" not the head
# of "12,500".
inc = fh(raw+"incident.md")
page("numbers-ok.md", "Incident", ["raw/incident.md"], [],
"The outage failed some requests.[^1] The quarter lost money.[^2]\n",
[d("1", "raw/incident.md", "1.5% of requests failed with a timeout error", None, inc),
 d("2", "raw/incident.md", "-2.3 billion dollars against the forecast", None, inc)])
page("numbers-cut.md", "Incident", ["raw/incident.md"], ["quote-not-found", "quote-not-found", "quote-not-found"],
"Requests failed.[^1] Money was made.[^2] Few asked.[^3]\n",
[d("1", "raw/incident.md", "5% of requests failed with a timeout error"),
 d("2", "raw/incident.md", "2.3 billion dollars against the forecast"),
 d("3", "raw/incident.md", "The quarter closed at -2.3 billion dollars against the forecast, after 12")])
