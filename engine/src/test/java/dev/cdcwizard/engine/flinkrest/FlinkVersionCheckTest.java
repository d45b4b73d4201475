package dev.cdcwizard.engine.flinkrest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FlinkVersionCheckTest {

  @Test
  void acceptsEveryPatchReleaseOf120() {
    assertThat(FlinkVersionCheck.supported("1.20.0")).isTrue();
    assertThat(FlinkVersionCheck.supported("1.20.5")).isTrue();
    assertThat(FlinkVersionCheck.supported("1.20")).isTrue();
  }

  @Test
  void rejectsOtherLines() {
    assertThat(FlinkVersionCheck.supported("1.19.1")).isFalse();
    assertThat(FlinkVersionCheck.supported("1.2.0")).isFalse();
    assertThat(FlinkVersionCheck.supported("1.200.0")).isFalse();
    assertThat(FlinkVersionCheck.supported("2.0.0")).isFalse();
    assertThat(FlinkVersionCheck.supported(null)).isFalse();
  }

  @Test
  void namesBothVersionsWhenItRefuses() {
    assertThatThrownBy(() -> FlinkVersionCheck.require("http://flink:8081", "1.19.1"))
        .isInstanceOf(FlinkRestException.class)
        .hasMessageContaining("http://flink:8081").hasMessageContaining("Flink 1.19.1").hasMessageContaining("1.20.x");
    assertThatNoException().isThrownBy(() -> FlinkVersionCheck.require("http://flink:8081", "1.20.5"));
  }
}
