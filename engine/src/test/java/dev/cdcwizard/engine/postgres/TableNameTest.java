package dev.cdcwizard.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TableNameTest {

  @Test
  void quotesEveryPartSoNamesCannotInject() {
    assertThat(new TableName("public", "Order Items").quoted()).isEqualTo("\"public\".\"Order Items\"");
    assertThat(new TableName("public", "a\"; DROP TABLE b; --").quoted())
        .isEqualTo("\"public\".\"a\"\"; DROP TABLE b; --\"");
  }

  @Test
  void parsesSchemaAndNameVerbatim() {
    assertThat(TableName.parse("Sales.Orders")).isEqualTo(new TableName("Sales", "Orders"));
    assertThat(TableName.parse("orders")).isEqualTo(new TableName("public", "orders"));
  }

  @Test
  void parsesQuotedPartsWithDotsAndQuotes() {
    assertThat(TableName.parse("\"my.schema\".\"Order Items\"")).isEqualTo(new TableName("my.schema", "Order Items"));
    assertThat(TableName.parse("public.\"a\"\"b\"")).isEqualTo(new TableName("public", "a\"b"));
  }

  @Test
  void rejectsMalformedNames() {
    assertThatThrownBy(() -> TableName.parse("a.b.c")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> TableName.parse("\"open")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> TableName.parse("public.")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void literalsDoubleSingleQuotesAndRefuseNul() {
    assertThat(Identifiers.literal("it's")).isEqualTo("'it''s'");
    assertThatThrownBy(() -> Identifiers.quote("a\0b")).isInstanceOf(IllegalArgumentException.class);
  }
}
