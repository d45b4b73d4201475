package dev.cdcwizard.engine.postgres.slot;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SlotSamplerTest {
  private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();

  @AfterEach
  void stop() {
    executor.shutdownNow();
  }

  @Test
  void keepsOnlyTheNewestSamples() {
    AtomicInteger polls = new AtomicInteger();
    SlotSampler sampler = new SlotSampler(() -> status("s" + polls.incrementAndGet()), executor, Duration.ofSeconds(1), 3);
    for (int i = 0; i < 5; i++) {
      sampler.sampleOnce();
    }
    assertThat(sampler.history()).extracting(sample -> sample.status().slotName()).containsExactly("s3", "s4", "s5");
    assertThat(sampler.latest()).map(sample -> sample.status().slotName()).contains("s5");
  }

  @Test
  void pollsOnItsScheduleAndTellsListeners() throws InterruptedException {
    CountDownLatch three = new CountDownLatch(3);
    try (SlotSampler sampler = new SlotSampler(() -> status("cdc"), executor, Duration.ofMillis(20), 10)) {
      sampler.addListener(sample -> three.countDown());
      sampler.start();
      assertThat(three.await(5, TimeUnit.SECONDS)).isTrue();
    }
  }

  @Test
  void keepsPollingAfterAFailureOrAFailingListener() throws InterruptedException {
    AtomicInteger polls = new AtomicInteger();
    List<Exception> errors = new CopyOnWriteArrayList<>();
    CountDownLatch afterFailure = new CountDownLatch(2);
    try (SlotSampler sampler = new SlotSampler(() -> {
      if (polls.incrementAndGet() == 1) {
        throw new IllegalStateException("server gone");
      }
      return status("cdc");
    }, executor, Duration.ofMillis(20), 10)) {
      sampler.addListener(new SlotSampleListener() {
        @Override
        public void onSample(SlotSample sample) {
          afterFailure.countDown();
          throw new IllegalStateException("listener bug");
        }

        @Override
        public void onError(Exception error) {
          errors.add(error);
        }
      });
      sampler.start();
      assertThat(afterFailure.await(5, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(errors).singleElement().extracting(Exception::getMessage).isEqualTo("server gone");
  }

  private static SlotGroupStatus status(String name) {
    return new SlotGroupStatus(name, Optional.empty(), List.of());
  }
}
