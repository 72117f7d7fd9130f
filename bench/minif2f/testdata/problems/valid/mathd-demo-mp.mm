$(
  @{
    mathd-demo-mp.0 @e |- P $@
    mathd-demo-mp.1 @e |- ( P -> Q ) $@
    @( A statement-only problem. @)
    mathd-demo-mp @p |- Q @=
      ? @.
  @}
$)
