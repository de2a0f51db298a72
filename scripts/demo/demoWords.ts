/**
 * What the SYNTHETIC demo walk-through prints in the terminal, in each language `--lang` takes
 * (the languages of flows/languages.json). The pages' own words are not here: the walk-through
 * names buttons and modes by the flow's texts files (flowTexts.ts), as a user reads them.
 * Every language has every key (the record's type says so); `{name}` is filled by fill().
 */

/** The screens the walk-through saves, in the order a mode may reach them (the file name's tail). */
export const SCREENS = [
  "demo-form",
  "start-page",
  "light-notice",
  "recording-page",
  "camera-ready",
  "recording",
  "action-cue",
  "reading-digits",
  "verifying",
  "result",
  "device-refused",
  "partner-result",
  "staff-order-view",
] as const;
export type ScreenName = (typeof SCREENS)[number];

export interface DemoWords {
  /** Printed first, and again in the summary: what the subject is and what a pass shows. */
  synthetic: string;
  /** The corner tag on every screenshot. */
  screenshotTag: string;
  /** Written next to the screenshots (SYNTHETIC-README.txt). */
  folderNote: string;
  modeHeading: string;
  /** Why action mode runs with face guidance off (walkThrough.ts GUIDANCE). */
  guidanceOff: string;
  screens: Record<ScreenName, string>;
  screenLine: string;
  verifyingTooQuick: string;
  orderNo: string;
  passed: string;
  failed: string;
  failedReason: string;
  refusedOnDevice: string;
  orderView: string;
  screenshots: string;
  stuck: string;
  summary: string;
  building: string;
  built: string;
  serviceUp: string;
  keepOpen: string;
  stopping: string;
  interrupted: string;
  missingChromium: string;
  missingFfmpeg: string;
  missingEspeak: string;
  noDisplay: string;
}

type DemoLanguage = "zh-CN" | "zh-TW" | "en";

const WORDS = {
  "zh-CN": {
    synthetic:
      "SYNTHETIC（合成）演示：摄像头里是渲染出来的人脸（一张真人照片贴在 3D 网格上），不是真人。它证明整个流程能走通，并不说明真人能通过。",
    screenshotTag: "SYNTHETIC 合成人脸",
    folderNote: "这些截图由 npm run demo:synthetic 生成（{when}，界面语言 {lang}）。",
    modeHeading: "== {mode}（SYNTHETIC 合成对象）==",
    guidanceOff: "（关闭人脸引导：在较慢的机器上，页面的人脸引导每秒只看两三帧，会漏掉合成对象短暂的眨眼或张嘴；动作由服务端根据整段录像判定。）",
    screens: {
      "demo-form": "演示合作方页面，已选择核身方式",
      "start-page": "核身开始页",
      "light-notice": "录制时屏幕会变色的提示",
      "recording-page": "录制页：按“开始录制”后才开启摄像头",
      "camera-ready": "摄像头已开启：画面中是 SYNTHETIC 合成人脸",
      recording: "录制中：合成人脸保持不动，屏幕变换颜色",
      "action-cue": "录制中：页面要求「{action}」，合成对象照做",
      "reading-digits": "录制中：合成对象朗读屏幕上的数字",
      verifying: "核验中：服务端核验录像",
      result: "结果页",
      "device-refused": "页面的人脸引导在上传前判定未通过",
      "partner-result": "回到演示合作方页面，签名结果已校验",
      "staff-order-view": "工作人员订单视图（需管理令牌）",
    },
    screenLine: "  {index} {screen}\n      {file}",
    verifyingTooQuick: "  （“核验中”一闪而过，未能截图）",
    orderNo: "订单号：{orderNo}",
    passed: "结论：通过（结果码 {code}）",
    failed: "结论：未通过（结果码 {code}）",
    failedReason: "  未通过的检查：{reason}",
    refusedOnDevice: "结论：未通过，页面的人脸引导判定「{title}」，录像未提交到服务端",
    orderView: "工作人员订单视图：{url}",
    screenshots: "截图保存在 {dir}",
    stuck: "{seconds} 秒内未到达「{screen}」（页面停在 {route}）；当时的页面已存为 {file}",
    summary: "{passed}/{total} 种方式通过（SYNTHETIC 合成对象）",
    building: "正在构建（dist/ 不存在或比源码旧），约需一两分钟…",
    built: "构建完成。",
    serviceUp: "服务已启动：{base}（数据在 {dir}，结束时删除）",
    keepOpen: "服务保持运行，以便打开上面的订单视图。按回车或 Ctrl-C 停止服务并清理。",
    stopping: "正在停止服务并删除其数据…",
    interrupted: "已中断，正在停止…",
    missingChromium: "找不到 Chromium（{path}）：请运行 apt-get install -y chromium，或用 CHROMIUM_PATH 指定。",
    missingFfmpeg: "PATH 中找不到 ffmpeg（服务端用它解码录像）：请运行 apt-get install -y ffmpeg。",
    missingEspeak: "PATH 中找不到 espeak-ng（数字活体中合成对象的声音）：请运行 apt-get install -y espeak-ng，或用 --modes silent,action 跳过数字活体。",
    noDisplay: "--headed 需要显示器（DISPLAY 或 WAYLAND_DISPLAY 未设置）；去掉 --headed 以无头模式运行。",
  },
  "zh-TW": {
    synthetic:
      "SYNTHETIC（合成）示範：鏡頭裡是算繪出來的人臉（一張真人照片貼在 3D 網格上），不是真人。它證明整個流程能走通，並不代表真人能通過。",
    screenshotTag: "SYNTHETIC 合成人臉",
    folderNote: "這些截圖由 npm run demo:synthetic 產生（{when}，介面語言 {lang}）。",
    modeHeading: "== {mode}（SYNTHETIC 合成對象）==",
    guidanceOff: "（關閉人臉引導：在較慢的機器上，頁面的人臉引導每秒只看兩三幀，會漏掉合成對象短暫的眨眼或張嘴；動作由服務端依整段錄影判定。）",
    screens: {
      "demo-form": "示範合作方頁面，已選擇核身方式",
      "start-page": "核身開始頁",
      "light-notice": "錄製時螢幕會變色的提示",
      "recording-page": "錄製頁：按「開始錄製」後才開啟鏡頭",
      "camera-ready": "鏡頭已開啟：畫面中是 SYNTHETIC 合成人臉",
      recording: "錄製中：合成人臉保持不動，螢幕變換顏色",
      "action-cue": "錄製中：頁面要求「{action}」，合成對象照做",
      "reading-digits": "錄製中：合成對象朗讀螢幕上的數字",
      verifying: "核驗中：服務端核驗錄影",
      result: "結果頁",
      "device-refused": "頁面的人臉引導在上傳前判定未通過",
      "partner-result": "回到示範合作方頁面，簽名結果已校驗",
      "staff-order-view": "工作人員訂單檢視（需管理權杖）",
    },
    screenLine: "  {index} {screen}\n      {file}",
    verifyingTooQuick: "  （「核驗中」一閃而過，未能截圖）",
    orderNo: "訂單編號：{orderNo}",
    passed: "結論：通過（結果碼 {code}）",
    failed: "結論：未通過（結果碼 {code}）",
    failedReason: "  未通過的檢查：{reason}",
    refusedOnDevice: "結論：未通過，頁面的人臉引導判定「{title}」，錄影未提交到服務端",
    orderView: "工作人員訂單檢視：{url}",
    screenshots: "截圖儲存在 {dir}",
    stuck: "{seconds} 秒內未到達「{screen}」（頁面停在 {route}）；當時的頁面已存為 {file}",
    summary: "{passed}/{total} 種方式通過（SYNTHETIC 合成對象）",
    building: "正在建置（dist/ 不存在或比原始碼舊），約需一兩分鐘…",
    built: "建置完成。",
    serviceUp: "服務已啟動：{base}（資料在 {dir}，結束時刪除）",
    keepOpen: "服務保持執行，以便開啟上面的訂單檢視。按 Enter 或 Ctrl-C 停止服務並清理。",
    stopping: "正在停止服務並刪除其資料…",
    interrupted: "已中斷，正在停止…",
    missingChromium: "找不到 Chromium（{path}）：請執行 apt-get install -y chromium，或用 CHROMIUM_PATH 指定。",
    missingFfmpeg: "PATH 中找不到 ffmpeg（服務端用它解碼錄影）：請執行 apt-get install -y ffmpeg。",
    missingEspeak: "PATH 中找不到 espeak-ng（數字活體中合成對象的聲音）：請執行 apt-get install -y espeak-ng，或用 --modes silent,action 略過數字活體。",
    noDisplay: "--headed 需要顯示器（DISPLAY 或 WAYLAND_DISPLAY 未設定）；拿掉 --headed 以無頭模式執行。",
  },
  en: {
    synthetic:
      "SYNTHETIC demo: the camera shows a rendered face (a real person's photo on a 3D mesh), not a person. It shows the flow working end to end; it does not show that real people pass.",
    screenshotTag: "SYNTHETIC face",
    folderNote: "These screenshots were made by npm run demo:synthetic ({when}, pages in {lang}).",
    modeHeading: "== {mode} (SYNTHETIC subject) ==",
    guidanceOff: "(Face guidance off: on a slow machine the page's guidance sees two or three frames a second and misses the subject's brief blink or open mouth; the service judges the actions from the whole recording.)",
    screens: {
      "demo-form": "the demo partner page, the mode chosen",
      "start-page": "the flow's start page",
      "light-notice": "the notice that the screen will change colour while recording",
      "recording-page": "the recording page: the camera opens when recording starts",
      "camera-ready": "the camera is on: the SYNTHETIC face in it",
      recording: "recording: the synthetic face holds still while the screen changes colour",
      "action-cue": "recording: the page asks for “{action}”, the subject does it",
      "reading-digits": "recording: the subject reads the digits shown",
      verifying: "verifying: the service checks the recording",
      result: "the result page",
      "device-refused": "the page's face guidance refused the recording before any upload",
      "partner-result": "back on the demo partner page, the signed result checked",
      "staff-order-view": "the staff order view (behind the admin token)",
    },
    screenLine: "  {index} {screen}\n      {file}",
    verifyingTooQuick: "  (the verifying view went by too quickly to capture)",
    orderNo: "Order number: {orderNo}",
    passed: "Verdict: passed (code {code})",
    failed: "Verdict: failed (code {code})",
    failedReason: "  failed checks: {reason}",
    refusedOnDevice: "Verdict: failed, the page's face guidance said “{title}”; the recording never reached the service",
    orderView: "Staff order view: {url}",
    screenshots: "Screenshots in {dir}",
    stuck: "Did not reach “{screen}” within {seconds} s (the page is at {route}); it is saved as {file}",
    summary: "{passed} of {total} modes passed (SYNTHETIC subject)",
    building: "Building (dist/ is missing or older than the sources); this takes a minute or two…",
    built: "Built.",
    serviceUp: "Service started on {base} (its data in {dir}, removed at the end)",
    keepOpen: "The service stays up so the order views above open. Press Enter or Ctrl-C to stop it and clean up.",
    stopping: "Stopping the service and removing its data…",
    interrupted: "Interrupted: stopping…",
    missingChromium: "Chromium not found ({path}): apt-get install -y chromium, or set CHROMIUM_PATH.",
    missingFfmpeg: "ffmpeg not found on the PATH (the service decodes recordings with it): apt-get install -y ffmpeg.",
    missingEspeak:
      "espeak-ng not found on the PATH (the SYNTHETIC subject's voice in number mode): apt-get install -y espeak-ng, or leave number mode out with --modes silent,action.",
    noDisplay: "--headed needs a display (neither DISPLAY nor WAYLAND_DISPLAY is set); leave out --headed to run headless.",
  },
} as const satisfies Record<DemoLanguage, DemoWords>;

/** The languages the walk-through speaks. */
export const DEMO_LANGUAGES = Object.keys(WORDS) as DemoLanguage[];

/** The words of `lang`; an unknown language throws, naming the known ones. */
export function demoWords(lang: string): DemoWords {
  const found = DEMO_LANGUAGES.find((l) => l === lang);
  if (found === undefined) throw new Error(`the demo walk-through does not speak '${lang}' (it speaks ${DEMO_LANGUAGES.join(", ")})`);
  return WORDS[found];
}

/**
 * `template` with each `{name}` replaced by `values[name]`; a name without a value throws.
 * @example fill("Order number: {orderNo}", { orderNo: "F1" }) // "Order number: F1"
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in "${template}"`);
    return String(value);
  });
}
