// The structure figures a review of the house asks for, read from the source with the TypeScript
// parser so they can be compared before and after a change: lines per folder, the longest
// functions, parameters per function, casts, `?? null`, module-level mutable bindings, and which
// source files name a given word (the files a change to one rule touches).
//   node dist/scripts/house-metrics.js [--touching WORD]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOTS = ['src', 'grammars'];

interface FunctionFigure {
  where: string;
  name: string;
  lines: number;
  params: number;
}

interface Figures {
  linesByFolder: Map<string, number>;
  functions: FunctionFigure[];
  casts: number;
  nullCoalesce: number;
  mutableBindings: string[];
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function folderOf(path: string): string {
  const parts = path.split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : `${parts[0] ?? ''}/ (top)`;
}

function functionName(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText();
  }
  return '(anonymous)';
}

function measureFile(path: string, figures: Figures): void {
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true);
  const folder = folderOf(path);
  figures.linesByFolder.set(folder, (figures.linesByFolder.get(folder) ?? 0) + text.split('\n').length - 1);
  const lineOf = (pos: number): number => source.getLineAndCharacterOfPosition(pos).line + 1;

  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement) && !(statement.declarationList.flags & ts.NodeFlags.Const)) {
      for (const d of statement.declarationList.declarations) {
        figures.mutableBindings.push(`${path}:${lineOf(d.getStart())} ${d.name.getText()}`);
      }
    }
  }

  const visit = (node: ts.Node): void => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node)
    ) {
      if (node.body) {
        figures.functions.push({
          where: `${path}:${lineOf(node.getStart())}`,
          name: functionName(node),
          lines: lineOf(node.getEnd()) - lineOf(node.getStart()) + 1,
          params: node.parameters.length,
        });
      }
    }
    if (ts.isAsExpression(node) && node.type.getText() !== 'const') figures.casts += 1;
    if (ts.isTypeAssertionExpression(node)) figures.casts += 1;
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken &&
      node.right.kind === ts.SyntaxKind.NullKeyword
    ) {
      figures.nullCoalesce += 1;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

function touching(word: string, files: string[]): string[] {
  const pattern = new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i');
  return files.filter((f) => pattern.test(readFileSync(f, 'utf8')));
}

function main(argv: string[]): void {
  const files = ROOTS.flatMap((root) => sourceFiles(root));
  const figures: Figures = {
    linesByFolder: new Map(),
    functions: [],
    casts: 0,
    nullCoalesce: 0,
    mutableBindings: [],
  };
  for (const f of files) measureFile(relative('.', f), figures);

  const total = [...figures.linesByFolder.values()].reduce((a, b) => a + b, 0);
  console.log(`files: ${files.length}, lines: ${total}`);
  console.log('\nlines per folder:');
  for (const [folder, lines] of [...figures.linesByFolder].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${String(lines).padStart(6)}  ${folder}`);
  }
  const byLength = [...figures.functions].sort((a, b) => b.lines - a.lines);
  console.log('\nlongest functions:');
  for (const f of byLength.slice(0, 10)) console.log(`  ${String(f.lines).padStart(4)}  ${f.name}  ${f.where}`);
  const params = new Map<number, number>();
  for (const f of figures.functions) params.set(f.params, (params.get(f.params) ?? 0) + 1);
  console.log('\nparameters per function (count of functions):');
  for (const [n, count] of [...params].sort((a, b) => a[0] - b[0])) console.log(`  ${n}: ${count}`);
  console.log('  six or more:');
  for (const f of figures.functions.filter((x) => x.params >= 6)) {
    console.log(`    ${f.params}  ${f.name}  ${f.where}`);
  }
  console.log(`\ncasts (as T, <T>; not as const): ${figures.casts}`);
  console.log(`?? null: ${figures.nullCoalesce}`);
  console.log(`module-level let/var bindings: ${figures.mutableBindings.length}`);
  for (const b of figures.mutableBindings) console.log(`  ${b}`);

  const i = argv.indexOf('--touching');
  const word = i >= 0 ? argv[i + 1] : undefined;
  if (word !== undefined) {
    const hit = touching(word, files);
    console.log(`\nsource files naming '${word}': ${hit.length}`);
    for (const f of hit) console.log(`  ${f}`);
  }
}

main(process.argv.slice(2));
