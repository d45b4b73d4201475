package dev.cdcwizard.engine.stream;

import dev.cdcwizard.engine.stream.PgOutputMessage.Begin;
import dev.cdcwizard.engine.stream.PgOutputMessage.Commit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.postgresql.replication.LogSequenceNumber;

/**
 * Reads a stream into whole transactions, checking on the way what every pgoutput stream must hold:
 * Begin and Commit pair up, a Begin's final LSN is its Commit's LSN, and Commit LSNs only grow.
 */
final class StreamCollector {
  private final ReplicationStreamConnection stream;
  private final List<StreamedMessage> outsideTransactions = new ArrayList<>();
  private StreamedMessage begin;
  private List<StreamedMessage> body = new ArrayList<>();
  private LogSequenceNumber lastCommitEnd = LogSequenceNumber.INVALID_LSN;

  StreamCollector(ReplicationStreamConnection stream) {
    this.stream = stream;
  }

  List<ReceivedTransaction> next(int count, Duration timeout) throws Exception {
    List<ReceivedTransaction> transactions = new ArrayList<>();
    long deadline = System.nanoTime() + timeout.toNanos();
    while (transactions.size() < count) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new AssertionError("Received " + transactions.size() + " of " + count + " transactions: "
            + transactions + (begin == null ? "" : ", open: " + begin + body));
      }
      Optional<StreamedMessage> message = stream.read(Duration.ofNanos(left));
      if (message.isPresent()) {
        accept(message.get()).ifPresent(transactions::add);
      }
    }
    return transactions;
  }

  ReceivedTransaction next(Duration timeout) throws Exception {
    return next(1, timeout).get(0);
  }

  /** Fails if any message comes within the time. */
  void expectNothingFor(Duration time) throws Exception {
    Optional<StreamedMessage> message = stream.read(time);
    if (message.isPresent()) {
      throw new AssertionError("Expected no message, received " + message.get());
    }
  }

  /** The next message that came outside any transaction (a non-transactional logical message). */
  StreamedMessage nextOutsideTransaction(Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (outsideTransactions.isEmpty()) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new AssertionError("No message outside a transaction came");
      }
      Optional<StreamedMessage> message = stream.read(Duration.ofNanos(left));
      if (message.isPresent() && accept(message.get()).isPresent()) {
        throw new AssertionError("A transaction came first: " + message.get());
      }
    }
    return outsideTransactions.remove(0);
  }

  private Optional<ReceivedTransaction> accept(StreamedMessage message) {
    if (message.message() instanceof Begin) {
      if (begin != null) {
        throw new AssertionError("Begin inside an open transaction: " + message);
      }
      begin = message;
      return Optional.empty();
    }
    if (message.message() instanceof Commit commit) {
      if (begin == null) {
        throw new AssertionError("Commit without a Begin: " + message);
      }
      if (!((Begin) begin.message()).finalLsn().equals(commit.commitLsn())) {
        throw new AssertionError("Begin's final LSN is not the commit's: " + begin + " / " + message);
      }
      if (commit.endLsn().compareTo(lastCommitEnd) <= 0 || commit.commitLsn().compareTo(lastCommitEnd) < 0) {
        throw new AssertionError("Commit LSNs went back: " + message + " after end " + lastCommitEnd);
      }
      lastCommitEnd = commit.endLsn();
      ReceivedTransaction transaction = new ReceivedTransaction(begin, List.copyOf(body), message);
      begin = null;
      body = new ArrayList<>();
      return Optional.of(transaction);
    }
    if (begin == null) {
      outsideTransactions.add(message);
    } else {
      body.add(message);
    }
    return Optional.empty();
  }
}
