${
  $( A reference proof citing a lemma the base lacks. $)
  amc12a-demo-bad $p |- t = t $=
    ( tze tpl weq a2 wim a1 mp missing-lemma ) ABCZADZAADZAEZJJKFLIAAGHH $.
$}
