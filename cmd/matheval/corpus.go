package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/corpus"
	"github.com/spf13/cobra"
)

// loadCorpus reads a dataset's problem texts: through the named benchmark
// (--bench), or the one whose data the file looks like (bench.Sniff), or,
// when neither, as generic JSON/JSONL files.
func loadCorpus(ctx context.Context, path, name string) ([]corpus.Doc, string, error) {
	explicit := name != ""
	if !explicit {
		name, _ = bench.Sniff(path)
	}
	if name != "" {
		b, err := bench.Lookup(name)
		if err != nil && explicit {
			return nil, "", usageErrorf("--bench: %v", err)
		}
		if err == nil {
			items, _, err := b.Load(ctx, path, bench.LoadOptions{})
			if err != nil {
				return nil, "", err
			}
			docs := make([]corpus.Doc, len(items))
			for i, it := range items {
				g := it.Meta["type"]
				if g == "" {
					g = it.Meta["subject"]
				}
				docs[i] = corpus.Doc{ID: it.ID, Text: it.Problem, Group: g}
			}
			return docs, name, nil
		}
	}
	docs, err := corpus.LoadTexts(path)
	return docs, "generic JSON", err
}

type corpusFlags struct {
	bench                          string
	lower, maskNum, maskName, same bool
	maskNumWords, stop, lemma      bool
	order                          int
	multiRef                       bool
	asJSON                         bool
	timeout                        time.Duration
}

func (f *corpusFlags) add(c *cobra.Command, group bool) {
	c.Flags().StringVar(&f.bench, "bench", "", "benchmark that reads PATH (default: guessed from the path, else generic JSON/JSONL)")
	c.Flags().BoolVar(&f.lower, "lowercase", false, "lowercase the texts")
	c.Flags().BoolVar(&f.maskNum, "mask-numbers", false, "replace numbers by <num>")
	c.Flags().BoolVar(&f.maskName, "mask-names", false, "replace capitalised names by <name>")
	c.Flags().BoolVar(&f.maskNumWords, "mask-number-words", false, "replace number words (seven, twenty-one, dozen) by <num>")
	c.Flags().BoolVar(&f.stop, "stop-words", false, "drop English stop words and punctuation")
	c.Flags().BoolVar(&f.lemma, "lemmatize", false, "reduce words to a base form (a small rule-based lemmatiser)")
	if group {
		c.Flags().BoolVar(&f.same, "same-type", false, "compare each problem only with problems of the same type (subject)")
		c.Flags().IntVar(&f.order, "order", 4, "BLEU's largest n-gram order, 1-4 (1: unigram BLEU)")
		c.Flags().BoolVar(&f.multiRef, "multi-ref", false, "score each problem once against all others as references (1 - multi-reference BLEU)")
	}
	c.Flags().BoolVar(&f.asJSON, "json", false, "print JSON")
	c.Flags().DurationVar(&f.timeout, "timeout", 30*time.Minute, "give up after this long")
}

func (f *corpusFlags) options() corpus.Options {
	return corpus.Options{Lowercase: f.lower, MaskNumbers: f.maskNum, MaskNumberWords: f.maskNumWords, MaskNames: f.maskName,
		StopWords: f.stop, Lemmatize: f.lemma, Order: f.order, MultiRef: f.multiRef, SameGroup: f.same}
}

// newDataDiversityCmd builds 'data diversity'.
func newDataDiversityCmd() *cobra.Command {
	var f corpusFlags
	var hist string
	var bins int
	var brute, readings bool
	div := &cobra.Command{
		Use:   "diversity PATH",
		Short: "Lexicon diversity of a dataset: LD per problem and the corpus CLD (ASDiv paper)",
		Long: `diversity computes, for every problem P_i, LD_i = 1 - max over j != i of
(BLEU(P_i,P_j) + BLEU(P_j,P_i)) / 2, and the corpus lexicon diversity CLD, the
mean of LD_i (Miao et al. 2020). BLEU is sentence BLEU as sacreBLEU computes it
by default: 13a tokenization, n-grams 1-4, exp smoothing, effective order,
brevity penalty. The maximum is found exactly with an inverted n-gram index
and bounds that skip pairs which cannot be the maximum (--brute scores every
pair instead, for checking). --hist writes the LD distribution as PREFIX.png
and PREFIX.svg. Problems with LD = 0 (an exact twin) are listed.

The paper does not state its BLEU's settings, so the choices are options:
--order (n-gram order; 1 is unigram BLEU), --multi-ref (each problem scored
once against all others as references), the masks, --stop-words and
--lemmatize. --readings computes CLD under a standard set of readings and
prints them as a table.`,
		Example: "  matheval data diversity --bench asdiv ../shared/data/asdiv/ASDiv.xml\n" +
			"  matheval data diversity --bench math ../shared/data/math/MATH --hist math-ld\n" +
			"  matheval data diversity ASDiv.xml --lowercase --mask-numbers --mask-names --same-type --json\n" +
			"  matheval data diversity --bench asdiv ../shared/data/asdiv/ASDiv.xml --readings",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			docs, via, err := loadCorpus(cmd.Context(), args[0], f.bench)
			if err != nil {
				return err
			}
			if f.order < 1 || f.order > corpus.MaxOrder {
				return usageErrorf("data diversity: --order %d: want 1-%d", f.order, corpus.MaxOrder)
			}
			ctx, stop := interruptible(cmd)
			defer stop()
			ctx, cancel := context.WithTimeout(ctx, f.timeout)
			defer cancel()
			if readings {
				return printReadings(cmd, ctx, args[0], via, docs, f)
			}
			start := time.Now()
			var res corpus.Result
			if brute {
				res, err = corpus.DiversityBrute(ctx, docs, f.options())
			} else {
				res, err = corpus.Diversity(ctx, docs, f.options())
			}
			if err != nil {
				return err
			}
			elapsed := time.Since(start)
			if hist != "" {
				if err := corpus.WriteHistogram(res.LD, bins, fmt.Sprintf("LD of %s (CLD %.3f)", filepath.Base(args[0]), res.CLD),
					hist+".png", hist+".svg"); err != nil {
					return err
				}
			}
			if f.asJSON {
				type row struct {
					ID      string  `json:"id"`
					LD      float64 `json:"ld"`
					Nearest string  `json:"nearest,omitempty"`
				}
				rows := make([]row, len(docs))
				for i := range docs {
					rows[i] = row{ID: docs[i].ID, LD: res.LD[i]}
					if k := res.Nearest[i]; k >= 0 {
						rows[i].Nearest = docs[k].ID
					}
				}
				printJSON(cmd, map[string]any{"path": args[0], "loaded_with": via, "problems": len(docs), "cld": res.CLD,
					"options": f.options(), "pairs_scored": res.Pairs, "seconds": elapsed.Seconds(), "ld": rows})
				return nil
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "%s (%s): %d problems\n", args[0], via, len(docs))
			fmt.Fprintf(out, "CLD %.4f  (%s)\n", res.CLD, corpus.DescribeOptions(f.options()))
			printTwins(out, docs, res)
			fmt.Fprintf(out, "%d pairs scored exactly, %.1f s\n", res.Pairs, elapsed.Seconds())
			if hist != "" {
				fmt.Fprintf(out, "histogram: %s.png %s.svg\n", hist, hist)
			}
			return nil
		},
	}
	f.add(div, true)
	div.Flags().StringVar(&hist, "hist", "", "write the LD histogram to PREFIX.png and PREFIX.svg")
	div.Flags().IntVar(&bins, "bins", 20, "histogram bins")
	div.Flags().BoolVar(&brute, "brute", false, "score every pair (slow; for checking)")
	div.Flags().BoolVar(&readings, "readings", false, "print CLD under the standard readings of the paper's definition, as a table")
	return div
}

// printTwins lists the problems with LD = 0 and their twin.
func printTwins(out io.Writer, docs []corpus.Doc, res corpus.Result) {
	twins := corpus.Twins(res)
	fmt.Fprintf(out, "LD = 0 (an exact twin in this reading): %d of %d problems\n", len(twins), len(docs))
	for k, i := range twins {
		if k == 20 {
			fmt.Fprintf(out, "  ... and %d more (--json lists every LD)\n", len(twins)-k)
			break
		}
		if j := res.Nearest[i]; j >= 0 {
			fmt.Fprintf(out, "  %s ~ %s\n", docs[i].ID, docs[j].ID)
		} else {
			fmt.Fprintf(out, "  %s\n", docs[i].ID)
		}
	}
}

// printReadings prints CLD under each standard reading.
func printReadings(cmd *cobra.Command, ctx context.Context, path, via string, docs []corpus.Doc, f corpusFlags) error {
	rs, err := corpus.Readings(ctx, docs, corpus.StandardReadings, f.same, 0)
	if err != nil {
		return err
	}
	if f.asJSON {
		printJSON(cmd, map[string]any{"path": path, "loaded_with": via, "problems": len(docs), "readings": rs})
		return nil
	}
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "%s (%s): %d problems\n\n", path, via, len(docs))
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "reading\tCLD\tLD = 0\twhat it computes")
	for _, r := range rs {
		fmt.Fprintf(tw, "%s\t%.4f\t%d\t%s\n", r.Name, r.CLD, r.Twins, r.Description)
	}
	tw.Flush()
	fmt.Fprintln(out, "\nThe ASDiv paper reports CLD 0.49 without stating its BLEU settings; LD = 0 counts problems with an exact twin in that reading.")
	return nil
}

// newDataDupesCmd builds 'data dupes'.
func newDataDupesCmd() *cobra.Command {
	var g corpusFlags
	var threshold float64
	var list int
	dup := &cobra.Command{
		Use:   "dupes PATH",
		Short: "Exact and near duplicate problems within a dataset",
		Long: `dupes lists problems whose texts are equal once case, spacing and punctuation
are ignored, and pairs of problems whose symmetric sentence BLEU
((BLEU(a,b)+BLEU(b,a))/2, 0-1, as in diversity) reaches --threshold.`,
		Example: "  matheval data dupes ../shared/data/math/MATH/train\n  matheval data dupes --bench asdiv ASDiv.xml --threshold 0.8 --json",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if threshold <= 0 || threshold > 1 {
				return usageErrorf("--threshold must be in (0, 1], got %v", threshold)
			}
			docs, via, err := loadCorpus(cmd.Context(), args[0], g.bench)
			if err != nil {
				return err
			}
			ctx, stop := interruptible(cmd)
			defer stop()
			ctx, cancel := context.WithTimeout(ctx, g.timeout)
			defer cancel()
			rep, err := corpus.Duplicates(ctx, docs, g.options(), threshold)
			if err != nil {
				return err
			}
			if g.asJSON {
				printJSON(cmd, rep)
				return nil
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "%s (%s): %d problems\n%d groups of exact duplicates (%s), %d near-duplicate pairs (score >= %.2f)\n",
				args[0], via, len(docs), len(rep.Exact), corpus.DuplicateRule, len(rep.Near), threshold)
			for k, e := range rep.Exact {
				if k == list {
					fmt.Fprintf(out, "  ... (%d more; --list or --json)\n", len(rep.Exact)-list)
					break
				}
				fmt.Fprintf(out, "  exact: %s\n", strings.Join(e.IDs, ", "))
			}
			for k, p := range rep.Near {
				if k == list {
					fmt.Fprintf(out, "  ... (%d more; --list or --json)\n", len(rep.Near)-list)
					break
				}
				fmt.Fprintf(out, "  near %.3f: %s ~ %s\n", p.Score, p.IDA, p.IDB)
			}
			return nil
		},
	}
	g.add(dup, false)
	dup.Flags().Float64Var(&threshold, "threshold", 0.8, "near-duplicate score threshold, 0-1")
	dup.Flags().IntVar(&list, "list", 20, "list at most this many groups and pairs")
	return dup
}

// newDataOverlapCmd builds 'data overlap'.
func newDataOverlapCmd() *cobra.Command {
	var ob, obB string
	var seed int64
	var oJSON bool
	var olist int
	ov := &cobra.Command{
		Use:   "overlap A B",
		Short: "Overlap (contamination) of dataset A with dataset B: exact, GPT-3 13-gram and GPT-4 substring rules",
		Long: `overlap reports which problems of A also appear in B:
  exact  the same text once letter case, white space and grouping braces are
         ignored (the exact duplicates of data dupes and data check math);
  gpt3   a shared 13-gram of words after lowercasing and removing punctuation
         (the whole text when shorter than 13 words) - GPT-3's rule;
  gpt4   any of three random 50-character substrings of the text with
         whitespace removed (seeded by --seed) - GPT-4's rule.
A and B are dataset paths; the benchmark is guessed from each path or given
with --bench (and --bench-b for B).`,
		Example: "  matheval data overlap ../shared/data/math/MATH/test ../shared/data/math/MATH/train\n" +
			"  matheval data overlap --bench asdiv ASDiv.xml --bench-b math ../shared/data/math/MATH/train --json",
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			a, viaA, err := loadCorpus(cmd.Context(), args[0], ob)
			if err != nil {
				return err
			}
			bb := obB
			if bb == "" {
				bb = ob
			}
			b, viaB, err := loadCorpus(cmd.Context(), args[1], bb)
			if err != nil {
				return err
			}
			ctx, stop := interruptible(cmd)
			defer stop()
			rep, err := corpus.Overlap(ctx, a, b, seed)
			if err != nil {
				return err
			}
			if oJSON {
				printJSON(cmd, rep)
				return nil
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "A %s (%s): %d problems; B %s (%s): %d problems\n", args[0], viaA, len(a), args[1], viaB, len(b))
			fmt.Fprintf(out, "exact: %d   gpt3 (13-gram): %d (%.2f%%)   gpt4 (3x50 chars, seed %d): %d (%.2f%%)\n",
				rep.ExactCount, rep.GPT3Count, rep.GPT3Percent, seed, rep.GPT4Count, rep.GPT4Percent)
			fmt.Fprintf(out, "(exact: %s)\n", corpus.DuplicateRule)
			for k, it := range rep.Items {
				if k == olist {
					fmt.Fprintf(out, "  ... (%d more; --list or --json)\n", len(rep.Items)-olist)
					break
				}
				var rules []string
				if it.Exact {
					rules = append(rules, "exact")
				}
				if it.GPT3 {
					rules = append(rules, "gpt3")
				}
				if it.GPT4 {
					rules = append(rules, fmt.Sprintf("gpt4 %d/3", it.GPT4Hits))
				}
				fmt.Fprintf(out, "  %s [%s] in %s\n", it.ID, strings.Join(rules, ","), strings.Join(it.Matches, ", "))
			}
			return nil
		},
	}
	ov.Flags().StringVar(&ob, "bench", "", "benchmark that reads A (and B unless --bench-b)")
	ov.Flags().StringVar(&obB, "bench-b", "", "benchmark that reads B")
	ov.Flags().Int64Var(&seed, "seed", 1, "seed of the GPT-4 rule's random substrings")
	ov.Flags().BoolVar(&oJSON, "json", false, "print JSON")
	ov.Flags().IntVar(&olist, "list", 50, "list at most this many flagged problems")
	return ov
}
