package dev.cdcwizard.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CapturableNamesTest {

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "public|orders|true",
      "public|Order Items|true",
      "sales.eu|orders_2024|true",
      "public|order$items|false",
      "public|a+b|false",
      "public|t(1)|false",
      "public|x[0]|false",
      "public|comma,name|false",
      "my$schema|orders|false"})
  void tellsWhichNamesTheSourceCanCapture(String schema, String table, boolean capturable) {
    assertThat(CapturableNames.isCapturable(schema, table)).isEqualTo(capturable);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {"order$items|order_items", "a+b|a_b", "t(1)|t_1_", "orders|orders"})
  void suggestsANameItCanCapture(String name, String suggestion) {
    assertThat(CapturableNames.capturable(name)).isEqualTo(suggestion);
  }

  @Test
  void listsTheCharactersItRefusesForMessages() {
    assertThat(CapturableNames.unsupportedCharacters()).isEqualTo("\\ ^ $ | ? * + ( ) [ ] { } ,");
  }
}
