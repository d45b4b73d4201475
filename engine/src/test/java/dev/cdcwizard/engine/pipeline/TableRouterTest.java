package dev.cdcwizard.engine.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.regex.PatternSyntaxException;
import org.junit.jupiter.api.Test;

class TableRouterTest {

  @Test
  void routesTheTutorialTable() {
    TableRouter router = new TableRouter(List.of(new RouteDefinition("public.orders", "ods.orders")));
    assertThat(router.targetsOf(TableId.of("public", "orders"))).containsExactly("ods.orders");
  }

  @Test
  void anUnroutedTableKeepsItsId() {
    TableRouter router = new TableRouter(List.of(new RouteDefinition("public.orders", "ods.orders")));
    assertThat(router.targetsOf(TableId.of("public", "customers"))).containsExactly("public.customers");
  }

  @Test
  void theWholeIdMustMatch() {
    TableRouter router = new TableRouter(List.of(new RouteDefinition("public.order", "ods.orders")));
    assertThat(router.targetsOf(TableId.of("public", "orders"))).containsExactly("public.orders");
  }

  @Test
  void anUnescapedDotSeparatesPartsAndAnEscapedOneMatchesAnyCharacter() {
    TableSelector selector = TableSelector.parse("public.order\\.*");
    assertThat(selector.matches(TableId.of("public", "orders"))).isTrue();
    assertThat(selector.matches(TableId.of("public", "order_items"))).isTrue();
    assertThat(selector.matches(TableId.of("publicx", "orders"))).isFalse();
    assertThat(TableSelector.parse("public.orders").matches(TableId.of("public", "orders_x"))).isFalse();
  }

  @Test
  void aCommaListHoldsSeveralSelectors() {
    TableSelector selector = TableSelector.parse("public.orders, sales.customers");
    assertThat(selector.matches(TableId.of("sales", "customers"))).isTrue();
    assertThat(selector.matches(TableId.of("public", "orders"))).isTrue();
    assertThat(selector.matches(TableId.of("sales", "orders"))).isFalse();
  }

  @Test
  void theReplaceSymbolStandsForTheSourceTableName() {
    TableRouter router = new TableRouter(List.of(new RouteDefinition("public.\\.*", "ods.ods_<>", "<>", null)));
    assertThat(router.targetsOf(TableId.of("public", "orders"))).containsExactly("ods.ods_orders");
    assertThat(router.targetsOf(TableId.of("public", "items"))).containsExactly("ods.ods_items");
  }

  @Test
  void everyMatchingRouteReceivesTheTable() {
    TableRouter router = new TableRouter(List.of(
        new RouteDefinition("public.orders", "ods.orders"),
        new RouteDefinition("public.\\.*", "archive.<>", "<>", null)));
    assertThat(router.targetsOf(TableId.of("public", "orders"))).containsExactly("ods.orders", "archive.orders");
  }

  @Test
  void databaseQualifiedIdsNeedThreePartSelectors() {
    TableId id = new TableId("inventory", "public", "orders");
    assertThat(TableSelector.parse("inventory.public.orders").matches(id)).isTrue();
    assertThat(TableSelector.parse("public.orders").matches(id)).isFalse();
  }

  @Test
  void aThreePartSelectorMatchesASchemaTableIdOnItsLastParts() {
    assertThat(TableSelector.parse("inventory.public.orders").matches(TableId.of("public", "orders"))).isTrue();
    assertThat(TableSelector.parse("inventory.sales.orders").matches(TableId.of("public", "orders"))).isFalse();
  }

  @Test
  void partsMatchCaseInsensitivelyAsInFlinkCdc() {
    assertThat(TableSelector.parse("PUBLIC.Orders").matches(TableId.of("public", "orders"))).isTrue();
  }

  @Test
  void anEscapedCommaIsPartOfTheRegex() {
    TableSelector selector = TableSelector.parse("public.order_{1\\,2}x");
    assertThat(selector.partCounts()).containsExactly(2);
    assertThat(selector.matches(TableId.of("public", "order__x"))).isTrue();
  }

  @Test
  void moreThanThreePartsIsRejected() {
    assertThatThrownBy(() -> TableSelector.parse("a.b.c.d")).isInstanceOf(PatternSyntaxException.class);
  }

  @Test
  void aMalformedRegexIsRejected() {
    assertThatThrownBy(() -> TableSelector.parse("public.orders(")).isInstanceOf(PatternSyntaxException.class);
  }
}
