$(
  @{
    @d P Q @.
    mathd-demo-mp.0 @e |- P $@
    mathd-demo-mp.1 @e |- ( P -> Q ) $@
    mathd-demo-mp @p |- Q @=
      ? @.
  @}
$)
