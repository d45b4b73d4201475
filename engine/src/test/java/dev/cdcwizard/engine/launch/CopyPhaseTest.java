package dev.cdcwizard.engine.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.apache.flink.api.common.JobStatus;
import org.junit.jupiter.api.Test;

/** How a copy before streaming tells a failure from a cancel. */
class CopyPhaseTest {
  @Test
  void aCopyThatFailsReportsTheCauseItsFutureWrapped() {
    Phase phase = new Phase();
    SQLException cause = new SQLException("connection lost");

    phase.failed(phase.failureUnlessCancelled(new CompletionException(cause)));
    phase.end();

    assertThat(phase.failure()).isSameAs(cause);
    assertThat(phase.status()).isEqualTo(JobStatus.FAILED);
    assertThat(phase.ended()).isTrue();
  }

  @Test
  void aCancelIsSeenByTheStoppingCopyAndWhatItThrowsIsNoFailure() {
    Phase phase = new Phase();

    phase.cancel();

    assertThat(phase.cancelledWhenStopped).isTrue();
    assertThat(phase.failureUnlessCancelled(new CompletionException(new SQLException("canceling statement"))))
        .isNull();
    assertThat(phase.status()).isEqualTo(JobStatus.CANCELED);
  }

  private static final class Phase extends CopyPhase {
    private boolean cancelledWhenStopped;

    @Override
    protected void cancelCopy() {
      cancelledWhenStopped = cancelled();
    }

    @Override
    public Map<String, Long> rowsCopied() {
      return Map.of();
    }
  }
}
