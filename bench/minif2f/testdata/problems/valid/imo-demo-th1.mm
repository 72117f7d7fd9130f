${
  $( A problem file that carries its reference proof. $)
  imo-demo-th1 $p |- t = t $=
    ( tze tpl weq a2 wim a1 mp ) ABCZADZAADZAEZJJKFLIAAGHH $.
$}
