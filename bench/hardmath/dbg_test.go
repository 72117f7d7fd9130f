package hardmath
import ("testing";"context";"fmt")
func TestDbgODE(t *testing.T){
 rows,_,_ := ReadFile("/work/shared/data/hardmath/HARDMath_mini.json")
 for _, kr := range rows { if kr.Key!="195" && kr.Key!="193" {continue}
  p, err := ParseODE(kr.Row.Question)
  fmt.Println(kr.Key, p.RHS, p.Y0, err)
  tr, err := p.Solve(context.Background(), 12)
  fmt.Println(err, tr.Poles, tr.BlowUp, tr.BlowUpX)
  for _, pt := range tr.Parts { fmt.Println(" part", pt.X0, pt.XEnd, pt.YEnd, pt.Steps, pt.Stiff, pt.StiffX, pt.BlowUp) }
 }
}
