$(
  @{
    aime-demo-label.0 @e |- P $@
    aime-demo-label.1 @e |- ( P -> Q ) $@
    $@ A comment written between two dollar-at markers, as in test/aime-1983-p1. $@
    aime-demo-label.1 @p |- Q @=
      ? @.
  @}
$)
