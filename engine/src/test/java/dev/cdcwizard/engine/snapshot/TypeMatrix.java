package dev.cdcwizard.engine.snapshot;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The table of every type the COPY decoders claim, with rows of edge values: TypeConversionIT's row, an
 * all-NULL row, minimums, maximums, infinities and values around 1970, before 1582 and after 2038; and
 * a table of types they refuse.
 */
final class TypeMatrix {
  static final String TABLE = "public.copy_types";
  static final String REFUSED_TABLE = "public.refused_types";
  /** The columns of {@link #REFUSED_TABLE} that must be refused, as {@code RowDecoder.unsupported} lists them. */
  static final List<String> REFUSED = List.of("zr (tstzrange)", "p (point)", "nm (name)", "vb (bit varying(4))",
      "narr (numeric[])", "earr (mood[])", "ch (\"char\")", "o (oid)", "mr (int4multirange)", "tv (tsvector)",
      "pair (pair)", "dom_arr (price[])", "tsarr (timestamp without time zone[])");
  /**
   * A database where an enum is named like a built-in type: Debezium then streamed the int[] column as
   * {NULL,NULL} and the enum as NULL, so every column of a type with a shared name must be refused.
   */
  static final List<String> SHADOWING_SETUP = List.of(
      "CREATE TYPE public.int4 AS ENUM ('one', 'two')",
      "CREATE TABLE public.shadowed (id bigint PRIMARY KEY, i int, arr int[], ei public.int4, t text)");
  static final List<String> SHADOWED = List.of("i (integer)", "arr (integer[])", "ei (public.int4)");

  static final List<String> SETUP = List.of(
      "CREATE TYPE mood AS ENUM ('sad', 'happy', 'über \"quoted\"')",
      "CREATE DOMAIN price AS numeric(10,2)",
      "CREATE DOMAIN positive_price AS price CHECK (VALUE > 0)",
      "CREATE DOMAIN label AS varchar(20)",
      "CREATE DOMAIN small_count AS int CHECK (VALUE >= 0)",
      "CREATE TABLE " + TABLE + " (id int PRIMARY KEY,"
          + " s smallint, i integer, b bigint, r real, d double precision, flag boolean,"
          + " n numeric(12,3), n18 numeric(18,6), n38 numeric(38,10), nu numeric, n40 numeric(40,5), n5 numeric(5,0),"
          + " n35 numeric(3,5), neg numeric(5,-2),"
          + " t text, v varchar(10), c char(3), u uuid, j jsonb, js json, bin bytea,"
          + " dt date, tm time, tm3 time(3), ts timestamp, ts3 timestamp(3), ts0 timestamp(0), tz timestamptz,"
          + " ttz timetz, iv interval,"
          + " arr int[], sarr smallint[], barr bigint[], tarr text[], varr varchar(5)[], carr char(2)[],"
          + " boolarr boolean[], farr real[], darr double precision[], uarr uuid[],"
          + " bit1 bit(1), bit5 bit(5), e mood, m money, ip inet, net cidr, mac macaddr, mac8 macaddr8, x xml,"
          + " r4 int4range, r8 int8range, rn numrange, rd daterange, rts tsrange,"
          + " dp price, dl label, dc small_count, dpp positive_price)",
      "ALTER TABLE " + TABLE + " REPLICA IDENTITY FULL",
      "CREATE TYPE pair AS (a int, b text)",
      "CREATE TABLE " + REFUSED_TABLE + " (id int PRIMARY KEY, ok text, zr tstzrange, p point, nm name,"
          + " vb varbit(4), narr numeric[], earr mood[], ch \"char\", o oid, mr int4multirange, tv tsvector,"
          + " pair pair, dom_arr price[], tsarr timestamp[])");

  private TypeMatrix() {}

  /** INSERT statements, one row each; the ids are 1 to the number of rows. */
  static List<String> inserts() {
    List<Map<String, String>> rows = List.of(typeConversionRow(), Map.of(), minimums(), maximums(), infinities(),
        otherInfinities(), around1970());
    List<String> inserts = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      Map<String, String> row = new LinkedHashMap<>();
      row.put("id", String.valueOf(i + 1));
      row.putAll(rows.get(i));
      inserts.add("INSERT INTO " + TABLE + " (" + String.join(", ", row.keySet()) + ") VALUES ("
          + String.join(", ", row.values()) + ")");
    }
    return inserts;
  }

  /** TypeConversionIT's values. */
  private static Map<String, String> typeConversionRow() {
    return values("s", "7", "i", "42", "b", "9000000000", "r", "1.5", "d", "2.25", "flag", "true",
        "n", "12345.678", "nu", "3.14159265358979323846", "t", "'hello'", "v", "'héllo'", "c", "'ab'",
        "u", "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'", "j", "'{\"a\": 1}'", "bin", "'\\x0102'",
        "dt", "'2024-02-29'", "tm", "'12:34:56.789123'", "tm3", "'12:34:56.789'",
        "ts", "'2024-02-29 12:34:56.789123'", "ts3", "'2024-02-29 12:34:56.789'",
        "tz", "'2024-02-29 12:34:56.789+02'", "iv", "'1 day 02:00:00'", "arr", "'{1,2}'", "bit1", "B'1'",
        "e", "'happy'", "dpp", "12.50");
  }

  private static Map<String, String> minimums() {
    return values("s", "-32768", "i", "-2147483648", "b", "-9223372036854775808", "r", "'-Infinity'",
        "d", "'-1.7976931348623157e308'", "flag", "false", "n", "-999999999.999", "n18", "-999999999999.999999",
        "n38", "-9999999999999999999999999999.9999999999", "nu", "-0.000100",
        "n40", "-12345678901234567890123456789012345.12345", "n5", "-99999", "n35", "-0.00999", "neg", "-9999949",
        "t", "E'tab\\there\\nnew line\\r\\\\back\\\\slash ''single'' \"double\" \\\\N é 中文 😀'",
        "v", "''", "c", "''", "u", "'00000000-0000-0000-0000-000000000000'",
        "j", "'{\"k\": \"tab\\\\there\", \"nested\": {\"a\": [1, 2.50, null]}, \"u\": \"é\"}'",
        "js", "'{ \"raw\":  \"json as typed\" }'", "bin", "'\\x'",
        "dt", "'0044-03-15 BC'", "tm", "'00:00:00'", "tm3", "'00:00:00.001'",
        "ts", "'0044-03-15 12:34:56.789123 BC'", "ts3", "'1582-10-04 23:59:59.999'", "ts0", "'1000-01-01 00:00:00'",
        "tz", "'0100-01-01 00:00:00+00 BC'", "ttz", "'00:00:00-12'", "iv", "'-1 days +02:00:00'",
        "arr", "'{}'", "sarr", "'{-32768,32767}'", "barr", "'{-9223372036854775808}'",
        "tarr", "'{\"a,b\",\"c\\\"d\",\"\",NULL,\"NULL\",\" x \",\"back\\\\slash\",\"{braces}\"}'",
        "varr", "'{\"\"}'", "carr", "'{\"a \",b}'", "boolarr", "'{t,f,NULL}'", "farr", "'{NaN,-Infinity,1e-45,-0}'",
        "darr", "'{1e308,-0.0,0.1}'", "uarr", "'{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11,NULL}'",
        "bit1", "B'0'", "bit5", "B'00000'", "e", "'über \"quoted\"'", "m", "'-35184372088831.99'",
        "ip", "'::1'", "net", "'10.0.0.0/8'", "mac", "'08:00:2b:01:02:03'", "mac8", "'08:00:2b:01:02:03:04:05'",
        "x", "'<a b=\"1\">x &amp; y</a>'", "r4", "'empty'", "r8", "'(,)'", "rn", "'[-1.5,2.25)'",
        "rd", "'[2024-01-01,2024-02-01)'", "rts", "'[\"2024-01-01 00:00:00\",\"2024-01-02 12:00:00\")'",
        "dp", "-99999999.99", "dl", "''", "dc", "0", "dpp", "0.01");
  }

  private static Map<String, String> maximums() {
    return values("s", "32767", "i", "2147483647", "b", "9223372036854775807", "r", "'NaN'", "d", "'Infinity'",
        "flag", "true", "n", "999999999.999", "n18", "999999999999.999999",
        "n38", "9999999999999999999999999999.9999999999",
        "nu", "123456789012345678901234567890.123456789012345678901234567890000",
        "n40", "99999999999999999999999999999999999.99999", "n5", "99999", "n35", "0.0012", "neg", "9999949",
        "t", "'ÄÖÜ ß 日本語 👍🏽 ' || repeat('long ', 3000)", "v", "'ten chars!'", "c", "'abc'",
        "u", "'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF'", "j", "'[]'", "js", "'null'",
        "bin", "decode(repeat('ff00', 6000), 'hex')", "dt", "'9999-12-31'", "tm", "'23:59:59.999999'",
        "tm3", "'23:59:59.999'", "ts", "'294247-01-10 04:00:54.775806'", "ts3", "'294247-01-10 04:00:54.774'",
        "ts0", "'2038-01-19 03:14:08'", "tz", "'2500-06-30 23:59:59.999999+14'", "ttz", "'23:59:59.999999+14:59'",
        "iv", "'1 year 2 mons 3 days 04:05:06.789'", "arr", "'[0:2]={1,2,3}'", "sarr", "'{1}'",
        "barr", "'{9223372036854775807,NULL}'", "tarr", "E'{é,😀,\"a\\\\\"b\",\"x\\ty\"}'",
        "varr", "'{abcde,NULL}'", "carr", "'{}'", "boolarr", "'{t}'", "farr", "'{3.4028235e38,1.5}'",
        "darr", "'{-Infinity,NaN,2.2250738585072014e-308}'", "uarr", "'{}'",
        "bit1", "B'1'", "bit5", "B'10101'", "e", "'sad'", "m", "'35184372088831.99'",
        "ip", "'192.168.0.1/24'", "net", "'2001:db8::/32'", "mac", "'ff:ff:ff:ff:ff:ff'",
        "mac8", "'00:00:00:00:00:00:00:00'", "x", "'<?xml version=\"1.0\" encoding=\"UTF-8\"?><r>é</r>'",
        "r4", "'[1,10)'", "r8", "'[-9223372036854775808,0]'", "rn", "'empty'", "rd", "'(,2024-01-01)'",
        "rts", "'empty'", "dp", "12345678.90", "dl", "'label'", "dc", "2147483647");
  }

  private static Map<String, String> infinities() {
    return values("dt", "'infinity'", "ts", "'infinity'", "ts3", "'-infinity'", "ts0", "'infinity'",
        "r", "'-0'", "d", "'-0'", "n", "0.000", "nu", "0", "m", "0", "iv", "'0'", "rd", "'[2024-01-01,infinity)'");
  }

  private static Map<String, String> otherInfinities() {
    return values("dt", "'-infinity'", "ts", "'-infinity'", "ts3", "'infinity'", "ts0", "'-infinity'",
        "iv", "'300 years 11 mons 00:00:00.001995'", "nu", "'1e100'", "m", "'0.01'");
  }

  private static Map<String, String> around1970() {
    return values("ts", "'1969-12-31 23:59:59.999999'", "ts3", "'1900-01-01 00:00:00.001'",
        "ts0", "'1970-01-01 00:00:00'", "tz", "'1969-12-31 23:59:59.999999-03:30'", "dt", "'1969-12-31'",
        "tm", "'12:00:00.000001'", "iv", "'-00:00:00.000001'", "nu", "'1e-30'", "n40", "0.00001",
        "d", "'4.9e-324'", "r", "'1.4e-45'", "n18", "0.000001", "n38", "-0.0000000001");
  }

  private static Map<String, String> values(String... columnsAndLiterals) {
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 0; i < columnsAndLiterals.length; i += 2) {
      values.put(columnsAndLiterals[i], columnsAndLiterals[i + 1]);
    }
    return values;
  }
}
