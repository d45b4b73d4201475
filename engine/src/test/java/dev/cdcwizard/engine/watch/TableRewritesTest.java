package dev.cdcwizard.engine.watch;

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

  @Test
  void aRewriteThatWroteAColumnsCatalogRowIsAnAlters() {
    List<String> before = List.of("16384\t16391\tid\tinteger\tint\t700", "16384\t16391\tname\ttext\tstring\t700");
    List<String> typeChanged = List.of("16384\t16400\tid\tbigint\tlong\t731", "16384\t16400\tname\ttext\tstring\t700");
    List<String> columnAdded = List.of("16384\t16400\tid\tinteger\tint\t700", "16384\t16400\tname\ttext\tstring\t700",
        "16384\t16400\tat\ttimestamp with time zone\ttimestamptz\t731");

    assertThat(TableRewrites.rewrittenByAnAlter(before, typeChanged)).containsExactly(16384L);
    assertThat(TableRewrites.rewrittenByAnAlter(before, columnAdded)).containsExactly(16384L);
  }

  @Test
  void aRewriteThatKeptEveryColumnOrAnAlterWithoutARewriteIsNot() {
    List<String> before = List.of("16384\t16391\tname\tcharacter varying(10)\tstring\t700");
    List<String> vacuumedFull = List.of("16384\t16400\tname\tcharacter varying(10)\tstring\t700");
    List<String> widenedInPlace = List.of("16384\t16391\tname\tcharacter varying(20)\tstring\t731");

    assertThat(TableRewrites.rewrittenByAnAlter(before, vacuumedFull)).isEmpty();
    assertThat(TableRewrites.rewrittenByAnAlter(before, widenedInPlace)).isEmpty();
  }

  @Test
  void whatACopySawOfATableAddedSinceTheStateWasKeptJoinsIt() {
    TableRewrites rewrites = new TableRewrites(Set.of(), false);
    rewrites.restore(List.of("16384\t16391\tname\ttext\tstring\t700"));

    rewrites.restoreUnseen(List.of("16384\t16999\tname\ttext\tstring\t800", "16500\t16501\tid\tinteger\tint\t810"));

    assertThat(rewrites.entries()).containsExactlyInAnyOrder("16384\t16391\tname\ttext\tstring\t700",
        "16500\t16501\tid\tinteger\tint\t810");
  }

  @Test
  void whatTheJobsCopySawReplacesALookKeptFromBeforeIt() {
    TableRewrites rewrites = new TableRewrites(Set.of(), false);
    rewrites.restore(List.of("16384\t16391\tname\ttext\tstring\t700", "16500\t16501\tid\tinteger\tint\t810"));

    rewrites.restoreCopied(List.of("16384\t16999\tname\ttext\tstring\t800"));

    assertThat(rewrites.entries()).containsExactlyInAnyOrder("16384\t16999\tname\ttext\tstring\t800",
        "16500\t16501\tid\tinteger\tint\t810");
  }
}
