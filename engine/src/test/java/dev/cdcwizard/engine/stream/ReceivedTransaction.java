package dev.cdcwizard.engine.stream;

import dev.cdcwizard.engine.stream.PgOutputMessage.Begin;
import dev.cdcwizard.engine.stream.PgOutputMessage.Commit;
import java.util.List;

/** A transaction as the stream delivered it: its Begin, every message inside, its Commit. */
record ReceivedTransaction(StreamedMessage begin, List<StreamedMessage> body, StreamedMessage commit) {

  Begin beginMessage() {
    return (Begin) begin.message();
  }

  Commit commitMessage() {
    return (Commit) commit.message();
  }

  <T extends PgOutputMessage> List<T> all(Class<T> type) {
    return body.stream().map(StreamedMessage::message).filter(type::isInstance).map(type::cast).toList();
  }

  <T extends PgOutputMessage> T only(Class<T> type) {
    List<T> found = all(type);
    if (found.size() != 1) {
      throw new AssertionError("Expected one " + type.getSimpleName() + " in " + this);
    }
    return found.get(0);
  }

  /** The message types inside, in order: the shape of the transaction. */
  List<String> shape() {
    return body.stream().map(m -> m.message().getClass().getSimpleName()).toList();
  }
}
