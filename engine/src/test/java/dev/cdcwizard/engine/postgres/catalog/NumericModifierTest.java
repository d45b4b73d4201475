package dev.cdcwizard.engine.postgres.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NumericModifierTest {

  /** PostgreSQL 15 keeps the scale in 11 signed bits: numeric(5,-2) has 0x7fe there, which was read as 2046. */
  @Test
  void readsTheScaleAsTheSignedNumberItIs() {
    assertThat(NumericModifier.of(((5 << 16) | 0x7fe) + 4)).contains(new NumericModifier(5, -2));
    assertThat(NumericModifier.of(((3 << 16) | 5) + 4)).contains(new NumericModifier(3, 5));
    assertThat(NumericModifier.of(((1000 << 16) | 1000) + 4)).contains(new NumericModifier(1000, 1000));
    assertThat(NumericModifier.of(-1)).isEmpty();
    assertThat(NumericModifier.signedScale(2046)).isEqualTo(-2);
    assertThat(NumericModifier.signedScale(1000)).isEqualTo(1000);
    assertThat(new NumericModifier(5, -2).typmod()).isEqualTo(((5 << 16) | 0x7fe) + 4);
    assertThat(NumericModifier.of(new NumericModifier(12, 3).typmod())).contains(new NumericModifier(12, 3));
  }

  @Test
  void aDecimalHoldsAtMost38DigitsAndAScaleWithinThePrecision() {
    assertThat(new NumericModifier(10, 2).fitsDecimal()).isTrue();
    assertThat(new NumericModifier(38, 38).fitsDecimal()).isTrue();
    assertThat(new NumericModifier(39, 0).fitsDecimal()).isFalse();
    assertThat(new NumericModifier(5, -2).fitsDecimal()).isFalse();
    assertThat(new NumericModifier(3, 5).fitsDecimal()).isFalse();
  }
}
