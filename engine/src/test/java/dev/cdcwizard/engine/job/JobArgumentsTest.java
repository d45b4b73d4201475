package dev.cdcwizard.engine.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JobArgumentsTest {

  @Test
  void carriesTheYamlThroughProgramArguments() {
    String yaml = "source:\n  password: 'it''s secret: \"x\"'\n  tables: db.public.t # ünïcode\n";
    JobArguments arguments = new JobArguments(yaml, Optional.of("file:///tmp/checkpoints"));
    String[] args = arguments.toArgs().toArray(String[]::new);
    assertThat(String.join(" ", args)).doesNotContain("secret");
    assertThat(JobArguments.parse(args)).isEqualTo(arguments);
  }

  /** Issue 28: what a copy before a resume on a cluster saw reaches the job, each line as it was. */
  @Test
  void carriesWhatACopyBeforeTheResumeSaw() {
    JobArguments arguments = new JobArguments("source: {}\n", Optional.empty(),
        List.of("16384\t16390\tpublic.users\tid\tint4", "16400\t16401\tpublic.items\tname\ttext"));

    assertThat(JobArguments.parse(arguments.toArgs().toArray(String[]::new))).isEqualTo(arguments);
    assertThat(new JobArguments("source: {}\n", Optional.empty()).toArgs()).doesNotContain("--copied-base64");
  }

  @Test
  void refusesArgumentsWithoutThePipeline() {
    assertThatThrownBy(() -> JobArguments.parse(new String[] {"--checkpoint-dir", "x"}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--pipeline-base64");
  }
}
