package dev.cdcwizard.engine.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TableRewritesTest {
  @Test
  void whatWasSeenComesBackWithTheTransactionThatLastAlteredEachColumn() {
    TableRewrites rewrites = new TableRewrites(Set.of(), false);
    List<String> entries = List.of("16384\t16391\tname\ttext\tstring\t728");

    rewrites.restore(entries);

    assertThat(rewrites.entries()).containsExactlyElementsOf(entries);
  }

  @Test
  void aStateKeptBeforeColumnsCarriedTheirAlterIsReadWithoutIt() {
    TableRewrites rewrites = new TableRewrites(Set.of(), false);

    rewrites.restore(List.of("16384\t16391\tname\ttext\tstring"));

    assertThat(rewrites.entries()).containsExactly("16384\t16391\tname\ttext\tstring\t-1");
  }
}
