package dev.cdcwizard.engine.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class YamlScalarsTest {

  @ParameterizedTest
  @ValueSource(strings = {"localhost", "5432", "true", "false", "file:///tmp/wh", "inventory.public.order_\\d+",
      "public.\\.*", "ods.<>", "PostgreSQL orders to Iceberg", "UTC", "Asia/Shanghai", "\\*, UPPER(a) AS b",
      "ods.orders:order_status;ods.customers:region,country", "3s", "订单", "it's"})
  void leavesPlainWhatReadsBackTheSame(String value) {
    assertThat(YamlScalars.format(value)).isEqualTo(value);
    assertReadsBack(value);
  }

  @ParameterizedTest
  @ValueSource(strings = {"yes", "No", "on", "OFF", "y", "n", "True", "null", "~", "2024-01-01", "*", ":",
      "&anchor", "!tag", "- item", "[list]", "{map}", "#comment", "a: b", "a #b", "ends:", " padded", "padded ",
      "", "2.50", "0123", "1_000", "0x1F", "1e3", ".inf", "+1", "1:20", "'quoted'", "\"double\"", "%percent",
      "@at", "`tick", "|", ">", "<<"})
  void quotesWhatYamlWouldReadOtherwise(String value) {
    assertThat(YamlScalars.format(value)).isNotEqualTo(value);
    assertReadsBack(value);
  }

  @ParameterizedTest
  @ValueSource(strings = {"line\nbreak", "tab\there", "bell\u0007"})
  void escapesControlCharacters(String value) {
    assertThat(YamlScalars.format(value)).startsWith("\"");
    assertReadsBack(value);
  }

  private static void assertReadsBack(String value) {
    Map<String, Object> read = YamlTrees.meaning("key: " + YamlScalars.format(value) + "\n");
    assertThat(read).containsEntry("key", value);
  }
}
