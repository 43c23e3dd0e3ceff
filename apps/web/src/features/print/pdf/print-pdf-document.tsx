import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { PrintDocument, PrintFact } from '../model/print-document.ts';

const styles = StyleSheet.create({
  page: { padding: 32, fontSize: 9, fontFamily: 'Helvetica', color: '#111' },
  title: { fontSize: 16, fontFamily: 'Helvetica-Bold', marginBottom: 6 },
  meta: { marginBottom: 2 },
  facts: { marginTop: 10, marginBottom: 10 },
  fact: { flexDirection: 'row', marginBottom: 4 },
  factLabel: { width: 130, fontFamily: 'Helvetica-Bold' },
  factValue: { flex: 1 },
  table: { marginTop: 8, borderTopWidth: 1, borderColor: '#999' },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderColor: '#bbb', paddingVertical: 3 },
  headRow: { flexDirection: 'row', borderBottomWidth: 1, borderColor: '#999', paddingVertical: 3 },
  cell: { flex: 1, paddingHorizontal: 2 },
  headCell: { flex: 1, paddingHorizontal: 2, fontFamily: 'Helvetica-Bold' },
  totals: { marginTop: 10, alignItems: 'flex-end' },
  total: { fontFamily: 'Helvetica-Bold', marginBottom: 2 },
  signatures: { marginTop: 40, flexDirection: 'row' },
  signature: { flex: 1, marginRight: 24, borderTopWidth: 1, borderColor: '#111', paddingTop: 4 },
  footer: { position: 'absolute', bottom: 16, left: 32, right: 32, fontSize: 8, color: '#555' },
});

function Facts({ facts }: { facts: PrintFact[] }) {
  return (
    <View style={styles.facts}>
      {facts.map((fact) => (
        <View key={fact.label} style={styles.fact}>
          <Text style={styles.factLabel}>{fact.label}</Text>
          <Text style={styles.factValue}>{fact.value}</Text>
        </View>
      ))}
    </View>
  );
}

function Table({ columns, rows }: { columns: string[]; rows: string[][] }) {
  return (
    <View style={styles.table}>
      <View style={styles.headRow} fixed>
        {columns.map((column) => (
          <Text key={column} style={styles.headCell}>
            {column}
          </Text>
        ))}
      </View>
      {rows.map((row, index) => (
        // Rows are positional copies of alerts; the index is their identity here.
        // biome-ignore lint/suspicious/noArrayIndexKey: static document, never re-ordered
        <View key={index} style={styles.row} wrap={false}>
          {row.map((cell, cellIndex) => (
            <Text key={columns[cellIndex]} style={styles.cell}>
              {cell}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

/** Lays out a PrintDocument on Letter pages: heading, facts, table, totals and signature lines. */
export function PrintPdfDocument({ doc }: { doc: PrintDocument }) {
  const facilities = doc.facilities.join(', ');
  return (
    <Document title={doc.title} subject={facilities} creator="Care Portal" producer="Care Portal">
      <Page size="LETTER" orientation={doc.columns.length > 6 ? 'landscape' : 'portrait'} style={styles.page}>
        <Text style={styles.title}>{doc.title}</Text>
        <Text style={styles.meta}>{`Facility: ${facilities}`}</Text>
        <Text style={styles.meta}>{`Printed: ${doc.printedAt}`}</Text>
        {doc.facts.length > 0 ? <Facts facts={doc.facts} /> : null}
        {doc.columns.length > 0 ? <Table columns={doc.columns} rows={doc.rows} /> : null}
        {doc.totals.length > 0 ? (
          <View style={styles.totals}>
            {doc.totals.map((total) => (
              <Text key={total.label} style={styles.total}>
                {`${total.label}: ${total.value}`}
              </Text>
            ))}
          </View>
        ) : null}
        {doc.hasSignature ? (
          <View style={styles.signatures}>
            <Text style={styles.signature}>Nurse signature</Text>
            <Text style={styles.signature}>Date</Text>
          </View>
        ) : null}
        <Text
          style={styles.footer}
          fixed
          render={({ pageNumber, totalPages }) => `${doc.title} - page ${pageNumber} of ${totalPages}`}
        />
      </Page>
    </Document>
  );
}
