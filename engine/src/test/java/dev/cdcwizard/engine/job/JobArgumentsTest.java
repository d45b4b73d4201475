package dev.cdcwizard.engine.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

  @Test
  void refusesArgumentsWithoutThePipeline() {
    assertThatThrownBy(() -> JobArguments.parse(new String[] {"--checkpoint-dir", "x"}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--pipeline-base64");
  }
}
