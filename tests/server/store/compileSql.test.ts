/** The repositories' SQL is written once; compileSql turns it into each engine's placeholders. */
import { describe, expect, it } from "vitest";
import { compileSql, inList } from "../../../src/server/store/sql";

describe("compileSql", () => {
  it("numbers ? for PostgreSQL and keeps them for SQLite", () => {
    expect(compileSql("SELECT * FROM t WHERE a = ? AND b = ?", [1, "x"], "postgres")).toEqual({ text: "SELECT * FROM t WHERE a = $1 AND b = $2", values: [1, "x"] });
    expect(compileSql("SELECT * FROM t WHERE a = ? AND b = ?", [1, "x"], "sqlite")).toEqual({ text: "SELECT * FROM t WHERE a = ? AND b = ?", values: [1, "x"] });
  });

  it("gives a name used twice one $n on PostgreSQL and a value per use on SQLite", () => {
    const sql = "SELECT 1 WHERE (@app IS NULL OR app = @app) AND day >= @day";
    expect(compileSql(sql, { app: "A", day: "2030-01-01" }, "postgres")).toEqual({
      text: "SELECT 1 WHERE ($1 IS NULL OR app = $1) AND day >= $2",
      values: ["A", "2030-01-01"],
    });
    expect(compileSql(sql, { app: "A", day: "2030-01-01" }, "sqlite").values).toEqual(["A", "A", "2030-01-01"]);
  });

  it("leaves ? and @ inside quoted text alone", () => {
    expect(compileSql("SELECT '(other)?', '@x' WHERE a = ?", [5], "postgres")).toEqual({ text: "SELECT '(other)?', '@x' WHERE a = $1", values: [5] });
  });

  it("refuses a value count that does not match, and a missing name, naming the SQL", () => {
    expect(() => compileSql("SELECT ? , ?", [1], "sqlite")).toThrow(/2 \? for 1 values/);
    expect(() => compileSql("SELECT @a", {}, "postgres")).toThrow(/@a has no value/);
  });

  it("builds IN lists that stay valid when empty", () => {
    expect(inList("id", 3)).toBe("id IN (?, ?, ?)");
    expect(inList("id", 0)).toBe("1 = 0");
    expect(inList("id", 0, true)).toBe("1 = 1");
  });
});
