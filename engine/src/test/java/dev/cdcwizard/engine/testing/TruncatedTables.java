package dev.cdcwizard.engine.testing;

/**
 * The tables the TRUNCATE tests empty: logs (300 rows), items (50) and item_notes (50, referencing
 * items, for CASCADE), all REPLICA IDENTITY FULL, in one publication.
 */
public final class TruncatedTables {
  private static final String PUBLICATION_TABLES = "public.logs, public.items, public.item_notes";

  private TruncatedTables() {}

  /** The statements that create and fill them, and the publication {@code publication} for them. */
  public static String[] setUp(String publication) {
    return new String[] {
        "CREATE TABLE public.logs (id bigserial PRIMARY KEY, message text NOT NULL)",
        "CREATE TABLE public.items (id integer PRIMARY KEY, name text)",
        "CREATE TABLE public.item_notes (id serial PRIMARY KEY, item_id integer REFERENCES public.items, note text)",
        "ALTER TABLE public.logs REPLICA IDENTITY FULL", "ALTER TABLE public.items REPLICA IDENTITY FULL",
        "ALTER TABLE public.item_notes REPLICA IDENTITY FULL",
        "INSERT INTO public.logs (message) SELECT 'log ' || g FROM generate_series(1, 300) g",
        "INSERT INTO public.items SELECT g, 'item ' || g FROM generate_series(1, 50) g",
        "INSERT INTO public.item_notes (item_id, note) SELECT g, 'note ' || g FROM generate_series(1, 50) g",
        "CREATE PUBLICATION " + publication + " FOR TABLE " + PUBLICATION_TABLES};
  }
}
