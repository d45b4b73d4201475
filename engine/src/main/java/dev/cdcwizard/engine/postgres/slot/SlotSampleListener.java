package dev.cdcwizard.engine.postgres.slot;

/** Called on the sampler's thread: a UI listener hands over to its own thread. */
public interface SlotSampleListener {
  void onSample(SlotSample sample);

  /** A sample could not be taken; the sampler keeps polling. */
  default void onError(Exception error) {}
}
