/**
 * Filling "{name}" slots of texts.zh-CN.json. Values are partner input (e.g. the
 * corp name) and the result is a plain string rendered as a React text child, so nothing
 * here can become markup. An unknown slot throws: a text naming a value the screen
 * does not supply is a definitions bug, not something to show as "{corp}".
 *
 * @example fillText("本次验证由{corp}发起", { corp: "示例银行" }) // "本次验证由示例银行发起"
 */
export function fillText(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) {
      throw new Error(`Text "${template}" uses {${name}}; supplied: ${Object.keys(values).join(", ") || "(none)"}`);
    }
    return value;
  });
}
