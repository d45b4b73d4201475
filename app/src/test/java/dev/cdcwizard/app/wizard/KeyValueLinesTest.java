package dev.cdcwizard.app.wizard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeyValueLinesTest {
  @Test
  void propertiesKeepTheirOrderAndLoseTheSpacesAroundTheSeparator() {
    assertThat(KeyValueLines.parse(" type = rest \nuri=http://catalog:8181\r\nwarehouse=s3://bucket/wh", "="))
        .hasValueSatisfying(pairs -> assertThat(pairs).containsExactly(entry("type", "rest"),
            entry("uri", "http://catalog:8181"), entry("warehouse", "s3://bucket/wh")));
  }

  @Test
  void theFirstSeparatorSplitsSoValuesMayContainIt() {
    assertThat(KeyValueLines.parse("uri=http://catalog:8181/?token=abc", "="))
        .hasValueSatisfying(pairs -> assertThat(pairs).containsExactly(entry("uri", "http://catalog:8181/?token=abc")));
  }

  @Test
  void blankLinesAndCommentsAreSkipped() {
    assertThat(KeyValueLines.parse("# Iceberg v2 for upserts\n\n   \nformat-version=2\n  # done", "="))
        .hasValueSatisfying(pairs -> assertThat(pairs).containsExactly(entry("format-version", "2")));
    assertThat(KeyValueLines.parse(null, "=")).hasValueSatisfying(pairs -> assertThat(pairs).isEmpty());
  }

  @ParameterizedTest
  @ValueSource(strings = {"format-version", "format-version 2", "=2", "format-version=", " = ",
      "format-version=2\nwrite.upsert.enabled"})
  void aPropertyLineWithoutKeyOrValueMakesTheTextInvalid(String text) {
    assertThat(KeyValueLines.parse(text, "=")).isEmpty();
  }

  @Test
  void routesUseAnArrow() {
    assertThat(KeyValueLines.parse("public.orders -> ods.orders\npublic.items->ods.items", "->"))
        .hasValueSatisfying(pairs -> assertThat(pairs)
            .containsExactly(entry("public.orders", "ods.orders"), entry("public.items", "ods.items")));
  }

  @ParameterizedTest
  @ValueSource(strings = {"public.orders ods.orders", "public.orders - > ods.orders", "-> ods.orders",
      "public.orders ->", "public.orders = ods.orders"})
  void aRouteLineWithoutBothSidesMakesTheTextInvalid(String text) {
    assertThat(KeyValueLines.parse(text, "->")).isEmpty();
  }
}
