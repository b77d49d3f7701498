import ts from 'typescript';

/** Lingui's JSX macros: the text inside them is a message. */
const MACROS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);

/** Attributes a person reads or hears (shown, or announced by a screen reader). */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'label',
  'placeholder',
  'title',
]);

/** Text worth translating has a letter in it; "·", "—", "4242" and "%" do not. */
const WORDY = /\p{L}/u;

export interface LiteralFinding {
  line: number;
  text: string;
}

function tagName(node: ts.JsxElement | ts.JsxSelfClosingElement): string {
  const tag = ts.isJsxElement(node) ? node.openingElement.tagName : node.tagName;
  return tag.getText();
}

function insideMacro(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if ((ts.isJsxElement(parent) || ts.isJsxSelfClosingElement(parent)) && MACROS.has(tagName(parent))) return true;
  }
  return false;
}

/** The string literals an expression can evaluate to directly: `'a'`, `x ? 'a' : 'b'`, `x ?? 'a'`. */
function literalsOf(expression: ts.Expression): ts.StringLiteralLike[] {
  if (ts.isStringLiteralLike(expression)) return [expression];
  if (ts.isParenthesizedExpression(expression)) return literalsOf(expression.expression);
  if (ts.isConditionalExpression(expression))
    return [...literalsOf(expression.whenTrue), ...literalsOf(expression.whenFalse)];
  if (
    ts.isBinaryExpression(expression) &&
    [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(
      expression.operatorToken.kind,
    )
  ) {
    return [...literalsOf(expression.left), ...literalsOf(expression.right)];
  }
  return [];
}

/**
 * The user-visible string literals of a TSX source that skip Lingui: JSX text
 * outside `<Trans>` (and its plural/select siblings), string children such as
 * `{'Close'}` or `{open ? 'Hide' : 'Show'}`, and the read attributes
 * (`aria-label`, `title`, `placeholder`, `alt`, `label`…) given a literal.
 */
export function untranslatedJsxLiterals(fileName: string, source: string): LiteralFinding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: LiteralFinding[] = [];
  const report = (node: ts.Node, text: string) => {
    if (!WORDY.test(text) || insideMacro(node)) return;
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    findings.push({ line: line + 1, text: text.trim().replace(/\s+/g, ' ') });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      report(node, node.text);
    } else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      for (const literal of literalsOf(node.expression)) report(literal, literal.text);
    } else if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const value = node.initializer;
      if (ts.isStringLiteral(value)) report(value, value.text);
      else if (ts.isJsxExpression(value) && value.expression) {
        for (const literal of literalsOf(value.expression)) report(literal, literal.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}
