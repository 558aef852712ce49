package inject

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Word classes. They are closed grammatical classes (pronouns, modals,
// quantifiers) and the small vocabularies that name an AI reader or the
// things a conversation with one is about (the user, replies, prompts,
// tools). A class never decides on its own: the patterns in address.go
// and the clause structure from the grammar do, and a word in a class
// only says which pattern to try. English, Spanish, German and French.
const (
	wAIStrong       uint64 = 1 << iota // a name only an AI reader answers to: assistant, llm, chatgpt, claude
	wAIWeak                            // a name an AI reader shares with software: model, agent, bot
	wAIHead                            // a noun that names an AI only after a qualifier: "AI reviewers", "automated screening systems"
	wVendor                            // a vendor before a product name: github, microsoft, google
	wAIQual                            // a word that makes a weak name an AI: ai, llm, language, automated
	wVocIntro                          // dear, hey, hello, attention
	wNote                              // note, message, reminder, notice, instructions (to/for ...)
	wYou                               // you, your, yourself; tú, usted, du, Sie, vous
	wReadVerb                          // reading, processing, parsing, summarizing, reads
	wUser                              // user, users, human, requester; usuario, Benutzer, utilisateur
	wReplyNoun                         // reply, response, answer, output, summary
	wReplyVerb                         // respond, reply, answer
	wSayVerb                           // say, state, claim, print, output, write, report, tell
	wCommVerb                          // tell, ask, inform, remind, convince: verbs that make the user do or believe
	wConstraint                        // only, always, never, simply, exclusively
	wEvery                             // every, each, all, any
	wPromptish                         // prompt, instructions, rules, guidelines, directives
	wConvo                             // conversation, chat, session, dialogue
	wTool                              // tool, function, plugin
	wApprove                           // approve, approval, lgtm
	wLink                              // link, links, url
	wAsked                             // asked, questioned, prompted
	wSupersede                         // supersede, override, replace, overrule, invalidate
	wResetVerb                         // reset, cleared, restarted, ended, terminated
	wBe                                // is, are, am, was, were, be
	wModal                             // must, should, shall, ought, will, need, have to
	wRole                              // system, assistant, user, developer, admin: names of a conversation turn
	wOverride                          // ignore, disregard, forget, discard, overlook
	wMaterial                          // data, text, document, page, above: the material being read
	wDecode                            // decode, decipher, base64, rot13
	wAct                               // follow, execute, run, obey, do, apply, perform
	wIf                                // if, when, whenever; si, wenn, falls, quand, cuando
	wThis                              // this, these; este, diese, ce, cette
	wDet                               // a, an, the, any, all; un, una, ein, une, le, la, el, der, die
	wFirstPers                         // i, we, me, us
	wWant                              // want, need, would like
	wTask                              // task, job, role, goal, objective, mission, purpose, priority, name, identity
	wInclude                           // include, add, append, prepend, insert, mention
	wIdentity                          // act, pretend, roleplay, behave, become, persona, character
	wPersona                           // persona, character, mode, version
	wAuthority                         // important, critical, urgent, attention, notice: heading words
	wThirdPoss                         // its, their, his, her
	wNow                               // now, from now on
	wEndWord                           // end, end-of
	wMode                              // mode
	wPrep                              // in, at, on, inside, into
	wCopula                            // you are: eres, bist, êtes, es (after the pronoun)
	wSecondPersVerb                    // a verb form of the second person: eres, bist, êtes
	wThatComp                          // that, que, dass
	wForeign                           // a Spanish, German or French word the tagger cannot read
	wPrivilege                         // admin, owner, delegate, superuser: the highest rights over a place
)

// lexicon maps a lower-case word to its classes.
var lexicon = sync.OnceValue(func() map[string]uint64 {
	m := map[string]uint64{}
	add := func(f uint64, words string) {
		for _, w := range strings.Fields(words) {
			m[w] |= f
		}
	}
	add(wAIStrong, `assistant assistants llm llms chatbot chatbots chatgpt gpt gpt-3 gpt-3.5 gpt-4 gpt-4o gpt-5 claude gemini copilot
		bard grok deepseek qwen mistral llama perplexity openai anthropic ki ia ai a.i. ais
		asistente asistentes assistent assistenten sprachmodell sprachmodelle ki-assistent ki-assistenten ki-agent ki-agenten
		ki-modell ki-modelle ki-system chatgpt-4`)
	add(wAIWeak, `model models agent agents bot bots crawler crawlers scanner scanners copilots modelo modelos agente agentes
		modell modelle modèle modèles`)
	add(wAIHead, `reviewer reviewers reader readers system systems tool tools screener screeners evaluator evaluators
		summarizer summarizers summariser summarisers software analyzer analyzers analyser analysers assistant assistants
		model models agent agents bot bots helper helpers programmer programmers coder coders scan scanner scanners
		engine engines describer describers classifier classifiers`)
	add(wVendor, `github microsoft google openai anthropic meta amazon aws apple ibm`)
	add(wAIQual, `ai llm language automated autonomous virtual coding ki ia a.i. generative large gpt
		automático automática automáticos automáticas automatique automatiques automatisch automatische automatischer automatisierte`)
	add(wVocIntro, `dear hey hi hello attention attn yo querido querida queridos queridas estimado estimada estimados estimadas hola
		liebe lieber hallo achtung cher chère chers chères bonjour salut`)
	add(wNote, `note notes message messages reminder notice memo instruction instructions request warning hint tip profile metadata
		nota mensaje aviso recordatorio instrucción indicación hinweis nachricht notiz erinnerung mitteilung anweisung
		remarque rappel avis consigne`)
	add(wYou, `you your yours yourself yourselves you're you'll you've you'd u ya y'all yall
		tú tu usted ustedes vosotros te ti tus su du dich dir dein deine deinen deinem deiner ihr euch euer sie
		vous votre vos toi ton ta tes`)
	add(wReadVerb, `reading processing parsing summarizing summarising indexing crawling scanning ingesting analyzing
		analysing reviewing evaluating screening reads processes parses sees scans ingests analyzes analyses reviews
		evaluates summarizes summarises crawls indexes answering leyendo procesando lesend liest lisant lit`)
	add(wUser, `user users user's human requester requestor usuario usuarios usuaria benutzer benutzerin nutzer nutzerin
		anwender utilisateur utilisateurs utilisatrice`)
	add(wReplyNoun, `reply replies response responses answer answers output outputs summary summaries
		respuesta respuestas antwort antworten réponse réponses resumen zusammenfassung résumé`)
	add(wReplyVerb, `respond reply answer responde responda responded contesta conteste antworte antwortet antworten
		réponds répondez réponde`)
	add(wSayVerb, `say state claim print output write report tell declare di diga dile escribe sag sage
		schreibe schreib gib dis dites écris écrivez affirme affirmez indique indiquez indica declara declare déclarez
		déclare afirma erkläre behaupte antworte responde réponds répondez`)
	add(wCommVerb, `tell ask inform remind instruct direct urge convince persuade advise encourage warn notify
		dile dígale pídele informa sag bitte informiere dis demande informe`)
	add(wConstraint, `only always never simply just exclusively solely merely strictly siempre nunca solo solamente
		únicamente immer nie niemals nur ausschließlich toujours jamais seulement uniquement exclusivement`)
	add(wEvery, `every each all any cada todas todos toda cualquier cualquiera jede jeden jeder jedes alle chaque toutes tous`)
	add(wPromptish, `prompt prompts instructions instruction guidelines rules directives programming guardrails
		system-prompt instrucciones indicaciones reglas anweisungen regeln richtlinien systemprompt consignes règles directives`)
	add(wConvo, `conversation conversations chat chats session dialogue dialog thread conversación sitzung gespräch
		unterhaltung dialogue discussion`)
	add(wTool, `tool tools plugin plugins herramienta herramientas werkzeug werkzeuge outil outils`)
	add(wApprove, `approve approved approval approves lgtm merge merged aprueba genehmige approuve`)
	add(wLink, `link links url urls hyperlink enlace enlaces verweis lien liens`)
	add(wAsked, `asked questioned queried prompted preguntado preguntan gefragt demandé interrogé`)
	add(wSupersede, `supersede supersedes superseded override overrides overridden overrule overrules replace replaces
		invalidate invalidates void voids nullify nullifies cancel cancels cancelled canceled revoke revokes trump trumps precedence`)
	add(wResetVerb, `reset cleared restarted ended terminated over expired wiped restarted concluded`)
	add(wBe, `is are am was were be been being 's 're 'm es son está están ist sind war est sont était`)
	add(wModal, `must should shall ought will 'll need needs have has may cannot can't mustn't shouldn't won't debes debe
		deberías muss musst müssen sollst sollte solltest doit dois devez devrais`)
	add(wRole, `system assistant user human developer admin administrator operator root instruction instructions ai
		model bot gpt chatgpt claude gemini copilot sys inst sistema asistente usuario entwickler systemnachricht système`)
	add(wOverride, `ignore ignores disregard disregards forget forgets discard overlook neglect bypass
		ignora ignore ignorar olvida olvide ignoriere ignoriert ignorieren vergiss vergessen ignorez ignorer oubliez oublie`)
	add(wMaterial, `data text document documents page webpage website site file content contents input context article
		email e-mail resume résumé cv above below rest everything info information snippet snippets passage sections
		datos texto documento página daten text dokument seite données texte document page`)
	add(wDecode, `decode decoded decoding decipher base64 rot13 hex unscramble dekodiere décode décodez decodifica`)
	add(wAct, `follow execute run obey do apply perform carry act comply sigue ejecuta befolge führe suis exécute`)
	add(wIf, `if when whenever once si cuando wenn falls sobald quand lorsque`)
	add(wThis, `this these este esta estos estas esto dies diese dieser dieses ce cet cette ces ceci`)
	add(wDet, `a an the any all some un una el la los las ein eine der die das den dem une le les`)
	add(wFirstPers, `i we me us my our yo nosotros ich wir mich mir uns je nous moi`)
	add(wWant, `want wants need needs like quiero necesito will möchte brauche veux voudrais`)
	add(wTask, `task tasks job role goal goals objective objectives mission purpose priority priorities name identity
		directive instructions orders tarea rol aufgabe rolle tâche rôle mission objectif`)
	add(wInclude, `include add append prepend insert mention embed attach incluye añade füge fügen inclus ajoute ajoutez incluez`)
	add(wIdentity, `act pretend roleplay role-play behave impersonate simulate become persona character`)
	add(wPersona, `persona character mode version personality`)
	add(wAuthority, `important critical urgent attention notice warning alert note priority mandatory required
		importante crítico urgente wichtig dringend kritisch important urgent critique`)
	add(wThirdPoss, `its their his her sus seine ihre leur leurs`)
	add(wNow, `now ahora jetzt maintenant`)
	add(wEndWord, `end`)
	add(wMode, `mode modo modus`)
	add(wPrep, `in at on inside into within`)
	add(wSecondPersVerb, `eres estás sois bist êtes es`)
	add(wThatComp, `that que dass`)
	add(wPrivilege, `admin admins administrator administrators owner owners delegate superuser`)
	add(wForeign, `el la los las un una que de del y o es son está por para con sin su sus tu tus te usted ustedes
		siempre nunca solo responde responda di diga dile escribe ignora olvida eres
		der die das den dem des ein eine einen und oder ist sind nicht mit für auf du dich dir sie ihr immer nie nur
		antworte antwortet sag sage schreibe gib ignoriere vergiss bist bitte
		le les des une et ou est sont pas avec pour sur vous votre vos toi ton ta tes toujours jamais seulement
		réponds répondez dis dites écris écrivez ignorez oubliez êtes`)
	return m
})

// tok is a word or a punctuation mark of a normalised sentence.
type tok struct {
	w          string
	start, end int
	f          uint64
}

// tokenize cuts a normalised (lower-case) sentence into words and
// punctuation and looks every word up in the lexicon. Words are runs of
// letters, digits and the joiners ' - _ . inside a word; every other
// non-space character is a token of its own.
func tokenize(s string, dst []tok) []tok {
	lex := lexicon()
	for i := 0; i < len(s); {
		r, n := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s[i:])
		}
		if r == ' ' || r == '\n' || r == '\t' || r >= utf8.RuneSelf && unicode.IsSpace(r) {
			i += n
			continue
		}
		if !wordRune(r) {
			dst = append(dst, tok{w: s[i : i+n], start: i, end: i + n})
			i += n
			continue
		}
		j := i + n
		for j < len(s) {
			r2, n2 := rune(s[j]), 1
			if r2 >= utf8.RuneSelf {
				r2, n2 = utf8.DecodeRuneInString(s[j:])
			}
			if wordRune(r2) {
				j += n2
				continue
			}
			// A joiner between two word characters stays inside the word.
			if (r2 == '\'' || r2 == '-' || r2 == '.' || r2 == '’') && j+n2 < len(s) {
				r3, _ := utf8.DecodeRuneInString(s[j+n2:])
				if wordRune(r3) {
					j += n2
					continue
				}
			}
			break
		}
		w := s[i:j]
		f := lex[w]
		if f == 0 && (strings.IndexByte(w, '\'') >= 0 || strings.Contains(w, "’")) { // strings.ContainsAny(w, "'’"), without its rune loop
			// "assistant's" is "assistant" for the classes; a French
			// elision is the word after it: "l'assistant", "d'IA".
			if k := strings.IndexAny(w, "'’"); k > 0 {
				f = lex[w[:k]]
				if f == 0 && k <= 2 {
					_, n := utf8.DecodeRuneInString(w[k:])
					f = lex[w[k+n:]]
				}
			}
		}
		dst = append(dst, tok{w: w, start: i, end: j, f: f})
		i = j
	}
	return dst
}

func wordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r >= 'A' && r <= 'Z'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// flagsOf returns the union of the classes of toks.
func flagsOf(toks []tok) uint64 {
	var f uint64
	for _, t := range toks {
		f |= t.f
	}
	return f
}
