package dev.cdcwizard.engine.source;

import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import org.apache.flink.api.connector.source.ReaderInfo;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.cdc.connectors.base.source.meta.split.SourceSplitBase;
import org.apache.flink.metrics.groups.SplitEnumeratorMetricGroup;

/**
 * The coordinator's context as Flink CDC's enumerator sees it: the handlers of its asynchronous calls, where it
 * splits tables and assigns splits, go through {@link SourceFailures}; everything else is the coordinator's.
 */
final class StoppingEnumeratorContext implements SplitEnumeratorContext<SourceSplitBase> {
  private final SplitEnumeratorContext<SourceSplitBase> context;
  private final SourceFailures failures;

  StoppingEnumeratorContext(SplitEnumeratorContext<SourceSplitBase> context, SourceFailures failures) {
    this.context = context;
    this.failures = failures;
  }

  @Override
  public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler) {
    context.callAsync(callable, failures.guard(handler));
  }

  @Override
  public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler, long initialDelay, long period) {
    context.callAsync(callable, failures.guard(handler), initialDelay, period);
  }

  @Override
  public SplitEnumeratorMetricGroup metricGroup() {
    return context.metricGroup();
  }

  @Override
  public void sendEventToSourceReader(int subtask, SourceEvent event) {
    context.sendEventToSourceReader(subtask, event);
  }

  @Override
  public void sendEventToSourceReader(int subtask, int attempt, SourceEvent event) {
    context.sendEventToSourceReader(subtask, attempt, event);
  }

  @Override
  public int currentParallelism() {
    return context.currentParallelism();
  }

  @Override
  public Map<Integer, ReaderInfo> registeredReaders() {
    return context.registeredReaders();
  }

  @Override
  public Map<Integer, Map<Integer, ReaderInfo>> registeredReadersOfAttempts() {
    return context.registeredReadersOfAttempts();
  }

  @Override
  public void assignSplits(SplitsAssignment<SourceSplitBase> assignment) {
    context.assignSplits(assignment);
  }

  @Override
  public void assignSplit(SourceSplitBase split, int subtask) {
    context.assignSplit(split, subtask);
  }

  @Override
  public void signalNoMoreSplits(int subtask) {
    context.signalNoMoreSplits(subtask);
  }

  @Override
  public void runInCoordinatorThread(Runnable runnable) {
    context.runInCoordinatorThread(runnable);
  }

  @Override
  public void setIsProcessingBacklog(boolean isProcessingBacklog) {
    context.setIsProcessingBacklog(isProcessingBacklog);
  }
}
