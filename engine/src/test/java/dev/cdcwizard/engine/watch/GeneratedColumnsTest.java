package dev.cdcwizard.engine.watch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class GeneratedColumnsTest {

  /** A table without generated columns is kept too: a column added to it later is then found at the resume. */
  @Test
  void whatWasSeenSurvivesTheJobsState() {
    GeneratedColumns before = new GeneratedColumns();
    before.restore(List.of("16384\t3=doubled\t5=tax", "16390\t"));

    GeneratedColumns after = new GeneratedColumns();
    after.restore(before.entries());

    assertThat(after.entries()).containsExactlyInAnyOrderElementsOf(before.entries())
        .contains("16384\t3=doubled\t5=tax", "16390\t");
  }
}
