package answer

// The vocabulary of retractions, hedges and doubts: one table, a column
// per place that reads it. The places read different words on purpose, and
// the table shows where they differ: "or" hedges between two answers but
// is no doubt after the final one; "wait" takes back the answer just given
// but opens no hedge.
//
// Between two answers (conclude.go's earlier-or-later choice):
//   - atStrongRetraction: the later answer replaces the earlier ("wait",
//     "I made a mistake");
//   - atWeakRetraction: it replaces it unless a hedge is near ("actually",
//     "instead");
//   - betweenHedge: the two stand as possibilities ("or", "maybe").
//
// In a plain reply (no answer statement):
//   - plainHedge, in the sentence of the last value, makes it one
//     possibility among others ("could be", "perhaps"; "He could buy 5
//     apples." and "4.48 times more likely" state a value: only the phrases
//     of a possibility count);
//   - plainDoubt, in a sentence after that value, leaves it open ("not
//     sure", "unclear");
//   - doubtOpener opens a sentence that doubts its value: the others ("I'm
//     not sure", "maybe") are plainHedges, read anywhere in the sentence
//     before these, and a correction's "Actually, she has 8" states one.
//
// After the final answer (afterFinal):
//   - tailOpener opens a sentence that turns from it, a correction or a
//     doubt ("no" only with punctuation after it: "No, 13.", "No. I
//     double-counted", not "No other value works");
//   - tailHedge, anywhere in a later sentence, offers another value beside
//     it ("Alternatively, …" and "otherwise" open another method or a case
//     in reference solutions, and "also possible" a remark: none is one);
//   - takeBack takes it back (narrower than the retractions: "this
//     correction" and "the error term" describe, they do not take back).
//
// A phrase that ends with a letter matches a whole word unless it is a
// stem (stems: "verif", "recalculat"); where several start at one place the
// longest counts.

// place is a set of the columns above.
type place uint16

const (
	atStrongRetraction place = 1 << iota
	atWeakRetraction
	betweenHedge
	plainHedge
	plainDoubt
	doubtOpener
	tailOpener
	tailHedge
	takeBack
)

// vocab returns the phrases read at p, in the table's order.
func vocab(p place) []string {
	var out []string
	for _, v := range vocabulary {
		if v.places&p != 0 {
			out = append(out, v.phrase)
		}
	}
	return out
}

var vocabulary = []struct {
	phrase string
	places place
}{
	{"actually", atWeakRetraction | tailOpener},
	{"also", betweenHedge},
	{"alternative", betweenHedge},
	{"alternatively", betweenHedge},
	{"another", betweenHedge},
	{"are plausible", tailHedge},
	{"both seem", tailHedge},
	{"but i could be wrong", tailOpener},
	{"can't be right", takeBack},
	{"can't decide", plainHedge | plainDoubt | tailHedge},
	{"can't tell", plainDoubt},
	{"cannot be right", takeBack},
	{"cannot decide", plainHedge | plainDoubt},
	{"cannot tell", plainDoubt},
	{"correct after all", takeBack},
	{"correct answer", atWeakRetraction},
	{"correction", atStrongRetraction | tailOpener},
	{"could", betweenHedge},
	{"could also", plainHedge},
	{"could also be", tailHedge},
	{"could be", plainHedge | tailHedge},
	{"could be wrong", takeBack},
	{"depending", betweenHedge},
	{"disregard", tailOpener | takeBack},
	{"do not use", tailOpener},
	{"does not seem right", takeBack},
	{"doesn't seem right", takeBack},
	{"double count", takeBack},
	{"double-count", takeBack},
	{"either", betweenHedge | plainHedge},
	{"erred", atStrongRetraction},
	{"error", atStrongRetraction},
	{"forget it", tailOpener},
	{"forget that", tailOpener},
	{"guess", betweenHedge},
	{"hard to say", tailHedge},
	{"hmm", atWeakRetraction | tailOpener},
	{"hmmm", tailOpener},
	{"hold on", tailOpener},
	{"however", atWeakRetraction},
	{"i am not confident", tailOpener},
	{"i am not sure", tailOpener},
	{"i can't decide", tailHedge},
	{"i cannot decide", tailHedge},
	{"i could be wrong", tailOpener},
	{"i do not know", plainDoubt | doubtOpener | tailOpener},
	{"i don't know", plainDoubt | doubtOpener | tailOpener},
	{"i made", atStrongRetraction},
	{"i retract", tailOpener},
	{"i take it back", tailOpener},
	{"i take that back", tailOpener},
	{"i withdraw", tailOpener},
	{"i'm not confident", tailOpener},
	{"i'm not sure", tailOpener},
	{"ignore my", tailOpener | takeBack},
	{"ignore that", tailOpener | takeBack},
	{"ignore the above", tailOpener | takeBack},
	{"ignore the previous", tailOpener},
	{"ignore this", tailOpener},
	{"ignore what i", tailOpener},
	{"impossible", plainDoubt},
	{"incorrect", atStrongRetraction | takeBack},
	{"instead", atWeakRetraction},
	{"is also plausible", tailHedge},
	{"isn't right", atStrongRetraction | takeBack},
	{"just kidding", tailOpener | takeBack},
	{"let me re", atWeakRetraction | tailOpener},
	{"likely", betweenHedge},
	{"may also", plainHedge},
	{"may also be", tailHedge},
	{"may be", plainHedge},
	{"maybe", betweenHedge | plainHedge},
	{"might", betweenHedge},
	{"might also", plainHedge},
	{"might also be", tailHedge},
	{"might be", plainHedge | tailHedge},
	{"miscalculat", atStrongRetraction | takeBack},
	{"miscount", atStrongRetraction | takeBack},
	{"mistake", atStrongRetraction | takeBack},
	{"my earlier answer", tailOpener},
	{"my first answer", tailOpener},
	{"my previous answer", tailOpener},
	{"never mind", tailOpener},
	{"nevermind", tailOpener},
	{"no solution", plainDoubt},
	{"no wait", tailOpener},
	{"no!", tailOpener},
	{"no,", atWeakRetraction | tailOpener},
	{"no.", atWeakRetraction | tailOpener},
	{"no:", tailOpener},
	{"nope", tailOpener},
	{"not confident", tailOpener | takeBack},
	{"not correct", atStrongRetraction | takeBack},
	{"not it", takeBack},
	{"not possible", plainDoubt},
	{"not right", atStrongRetraction | takeBack},
	{"not sure", betweenHedge | plainHedge | plainDoubt | tailOpener | tailHedge},
	{"not the question", takeBack},
	{"not what is asked", takeBack},
	{"not what the question asks", takeBack},
	{"not what was asked", takeBack},
	{"oh no", tailOpener},
	{"oh,", tailOpener},
	{"on closer inspection", tailOpener},
	{"on reflection", tailOpener},
	{"on second thought", atStrongRetraction | tailOpener},
	{"oops", atStrongRetraction | tailOpener | takeBack},
	{"or", betweenHedge},
	{"or it could", tailHedge},
	{"or maybe", tailHedge},
	{"or not", tailOpener},
	{"or perhaps", tailHedge},
	{"or possibly", tailHedge},
	{"otherwise", betweenHedge},
	{"overcount", takeBack},
	{"perhaps", betweenHedge | plainHedge},
	{"plausible", plainHedge | plainDoubt},
	{"please don't use", tailOpener},
	{"possible", betweenHedge},
	{"possibly", betweenHedge | plainHedge},
	{"probably", betweenHedge},
	{"rather", atWeakRetraction},
	{"re-deriv", tailOpener},
	{"re-do", atStrongRetraction | tailOpener | takeBack},
	{"re-evaluat", atStrongRetraction},
	{"re-examin", atStrongRetraction},
	{"recalculat", atStrongRetraction | tailOpener},
	{"recomput", atStrongRetraction | tailOpener},
	{"reconsider", atStrongRetraction},
	{"recount", tailOpener},
	{"rederiv", tailOpener},
	{"redo", atStrongRetraction | tailOpener | takeBack},
	{"reevaluat", atStrongRetraction},
	{"retract", takeBack},
	{"right after all", takeBack},
	{"scratch that", atStrongRetraction | tailOpener | takeBack},
	{"should be", atWeakRetraction},
	{"sorry", tailOpener},
	{"take it back", takeBack},
	{"take that back", takeBack},
	{"that is not it", tailOpener},
	{"that's not it", tailOpener},
	{"typo", atStrongRetraction},
	{"ugh", tailOpener},
	{"unclear", plainDoubt},
	{"undercount", takeBack},
	{"unsure", betweenHedge | plainHedge | plainDoubt | tailHedge},
	{"upon reflection", tailOpener},
	{"wait", atStrongRetraction | tailOpener | takeBack},
	{"whoops", tailOpener},
	{"withdraw", takeBack},
	{"wrong", atStrongRetraction | takeBack},
	// corrections in the other languages of the replies we read (a
	// sentence that opens with one turns from the answer before it)
	{"不对", atWeakRetraction | tailOpener},
	{"不對", atWeakRetraction | tailOpener},
	{"错了", atWeakRetraction | tailOpener},
	{"應該是", atWeakRetraction | tailOpener},
	{"应该是", atWeakRetraction | tailOpener},
	{"更正", atWeakRetraction | tailOpener},
	{"纠正", atWeakRetraction | tailOpener},
	{"等等", tailOpener},
	{"其实", atWeakRetraction | tailOpener},
	{"实际上", atWeakRetraction | tailOpener},
	{"いいえ", tailOpener},
	{"実際は", atWeakRetraction | tailOpener},
	{"実は", atWeakRetraction | tailOpener},
	{"訂正", atWeakRetraction | tailOpener},
	{"待って", tailOpener},
	{"아니요", tailOpener},
	{"아니", tailOpener},
	{"사실은", atWeakRetraction | tailOpener},
	{"정정", atWeakRetraction | tailOpener},
	{"잠깐", tailOpener},
	{"нет", tailOpener},
	{"Нет", tailOpener},
	{"на самом деле", atWeakRetraction | tailOpener},
	{"На самом деле", atWeakRetraction | tailOpener},
	{"исправление", atWeakRetraction | tailOpener},
	{"Исправление", atWeakRetraction | tailOpener},
	{"подождите", tailOpener},
	{"Подождите", tailOpener},
	{"ні", tailOpener},
	{"Ні", tailOpener},
	{"насправді", atWeakRetraction | tailOpener},
	{"Насправді", atWeakRetraction | tailOpener},
	{"виправлення", atWeakRetraction | tailOpener},
	{"Виправлення", atWeakRetraction | tailOpener},
	{"non,", tailOpener},
	{"non.", tailOpener},
	{"en fait", atWeakRetraction | tailOpener},
	{"attendez", tailOpener},
	{"attends", tailOpener},
	{"nein", tailOpener},
	{"eigentlich", atWeakRetraction | tailOpener},
	{"korrektur", atWeakRetraction | tailOpener},
	{"moment", tailOpener},
	{"warte", tailOpener},
	{"en realidad", atWeakRetraction | tailOpener},
	{"corrección", atWeakRetraction | tailOpener},
	{"espera", tailOpener},
	{"não", tailOpener},
	{"na verdade", atWeakRetraction | tailOpener},
	{"correção", atWeakRetraction | tailOpener},
	{"espere", tailOpener},
	{"in realtà", atWeakRetraction | tailOpener},
	{"correzione", atWeakRetraction | tailOpener},
	{"aspetta", tailOpener},
	{"hayır", tailOpener},
	{"aslında", atWeakRetraction | tailOpener},
	{"düzeltme", atWeakRetraction | tailOpener},
	{"bekle", tailOpener},
	{"không", tailOpener},
	{"thực ra", atWeakRetraction | tailOpener},
	{"sửa lại", atWeakRetraction | tailOpener},
	{"tidak", tailOpener},
	{"sebenarnya", atWeakRetraction | tailOpener},
	{"koreksi", atWeakRetraction | tailOpener},
	{"tunggu", tailOpener},
	{"नहीं", tailOpener},
	{"वास्तव में", atWeakRetraction | tailOpener},
	{"لا", tailOpener},
	{"في الواقع", atWeakRetraction | tailOpener},
	{"تصحيح", atWeakRetraction | tailOpener},
	{"wacht", tailOpener},
	{"czekaj", tailOpener},
	{"vänta", tailOpener},
	{"počkej", tailOpener},
	{"subiri", tailOpener},
	{"odota", tailOpener},
	{"várj", tailOpener},
	{"stai", tailOpener},
	{"teka", tailOpener},
	{"perdón", tailOpener},
	{"perdona", tailOpener},
	{"disculpa", tailOpener},
	{"recounting", tailOpener},
	{"moment,", tailOpener},
	{"eigenlijk", atWeakRetraction | tailOpener},
	{"właściwie", atWeakRetraction | tailOpener},
	{"faktiskt", atWeakRetraction | tailOpener},
	{"vlastně", atWeakRetraction | tailOpener},
	{"itse asiassa", atWeakRetraction | tailOpener},
	{"valójában", atWeakRetraction | tailOpener},
	{"de fapt", atWeakRetraction | tailOpener},
	{"tras revisar", atWeakRetraction | tailOpener},
	{"nach erneuter prüfung", atWeakRetraction | tailOpener},
	{"bij nader inzien", atWeakRetraction | tailOpener},
	{"po namyśle", atWeakRetraction | tailOpener},
	{"počkat", tailOpener},
	{"hetkinen", tailOpener},
	{"si on recompte", tailOpener},
	{"wenn man nochmal", tailOpener},
	{"ricontando", tailOpener},
	{"recontando", tailOpener},
	{"opnieuw tellen", tailOpener},
	{"ve skutečnosti", tailOpener},
	{"oikeastaan", tailOpener},
}
