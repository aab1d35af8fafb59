"""The keyword index: postings written with every item, BM25 read from them with the user's own statistics.

One relational provider serves both databases. FTS5 and ``tsvector`` rank with statistics over the whole
table, every tenant's texts together; ranking here has always used the user's own corpus (a word common in
*my* history weighs little), and one tenant's vocabulary must not shape another's ranking. The postings are
read through a B-tree on (tenant, user, term): a query touches the postings of its own terms only, and a term
the user has used in more than ``COMMON_TERM_DOCUMENTS`` items is read only for the candidates the rarer
terms (or the vector index) found, so the rows read per query stay bounded whatever the history."""
import math
import secrets
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from django.db import connection

from ..keywords import terms
from ..models import MemoryTerm, SearchIndexState, SnippetTerm, TermDocuments
from .documents import digests, term_digest
from .queries import any_of
from .state import IndexState

BM25_K1 = 1.2
BM25_B = 0.75
COMMON_TERM_DOCUMENTS = 2000  # a term in more of the user's items than this is never read in full
POSTING_MODELS = {"memory": MemoryTerm, "snippet": SnippetTerm}


def new_version() -> int:
    """A fresh random version rather than a counter: a rolled-back transaction followed by another write
    would repeat a counter's value with different rows, and a cache would take them for the same."""
    return secrets.randbits(62) + 1


@dataclass
class KeywordQuery:
    """One query's terms with the user's corpus statistics, ready to score postings or a text."""

    query_terms: set[int]
    idf: dict[int, float]
    average_length: float
    common: set[int] = field(default_factory=set)
    index_state: IndexState = IndexState()  # the user's, read in the same statement (for the vector index)
    # Kind -> every item with a posting of a rare term (pk -> (frequencies, length)), once ``search_each`` has read
    # them: ``scores_each`` then reads only the common terms' postings, and nothing when there are none.
    rare_postings: dict[str, dict[int, tuple[dict[int, int], int]]] = field(default_factory=dict)

    def score(self, frequencies: dict[int, int], length: int) -> float:
        total = 0.0
        for term, frequency in frequencies.items():
            norm = frequency + BM25_K1 * (1 - BM25_B + BM25_B * length / (self.average_length or 1.0))
            total += self.idf.get(term, 0.0) * frequency * (BM25_K1 + 1) / norm
        return total

    def score_text(self, text: str) -> float:
        counts = digests(text)
        return self.score({term: counts[term] for term in self.query_terms if term in counts},
                          sum(counts.values()))


class PostingsKeywordIndex:
    # --- write side -----------------------------------------------------------------------------------

    def index(self, source_type: str, item, document: str) -> bool:
        """(Re)write one item's postings and the user's statistics; nothing when the terms did not change.
        True when something was written (which also gave the user a new index version)."""
        model = POSTING_MODELS[source_type]
        new = digests(document)
        old = self._stored(model, item.pk)
        if old == new:
            return False
        if old:
            self._forget(model, item.tenant, item.user_id, item.pk, old)
        if new:
            length = sum(new.values())
            model.objects.bulk_create([model(item_id=item.pk, tenant=item.tenant, user_id=item.user_id, term=term,
                                             frequency=frequency, length=length) for term, frequency in new.items()])
            self._count(item.tenant, item.user_id, Counter(new.keys()), 1, length)
        return True

    def add_new(self, source_type: str, items_and_documents) -> set[tuple[str, str]]:
        """Index items that have no postings yet (bulk-created rows, a rebuild) in a few statements per
        thousand items rather than a few per item. Returns the users whose statistics (and version) moved."""
        model = POSTING_MODELS[source_type]
        postings, per_user = [], {}
        for item, document in items_and_documents:
            counts = digests(document)
            if not counts:
                continue
            length = sum(counts.values())
            postings.extend(model(item_id=item.pk, tenant=item.tenant, user_id=item.user_id, term=term,
                                  frequency=frequency, length=length) for term, frequency in counts.items())
            user = per_user.setdefault((item.tenant, item.user_id), [Counter(), 0, 0])
            user[0].update(counts.keys())
            user[1] += 1
            user[2] += length
        model.objects.bulk_create(postings, batch_size=2000)
        for (tenant, user_id), (frequencies, documents, length) in per_user.items():
            self._count(tenant, user_id, frequencies, documents, length)
        return set(per_user)

    def remove(self, source_type: str, item) -> bool:
        """Drop one item's postings; True when it had any (the user then has a new index version)."""
        model = POSTING_MODELS[source_type]
        old = self._stored(model, item.pk)
        if old:
            self._forget(model, item.tenant, item.user_id, item.pk, old)
        return bool(old)

    def drop_user(self, tenant: str, user_id: str) -> None:
        """Empty one user's index. The state row stays (zeroed, version bumped): a cache holding an older
        version must never match a new row's first version."""
        for model in (*POSTING_MODELS.values(), TermDocuments):
            model.objects.filter(tenant=tenant, user_id=user_id).delete()
        SearchIndexState.objects.filter(tenant=tenant, user_id=user_id).update(documents=0, total_length=0)
        self.bump(tenant, user_id)

    def bump(self, tenant: str, user_id: str) -> None:
        """A new index version with the statistics unchanged."""
        self._count(tenant, user_id, Counter(), 0, 0)

    @staticmethod
    def _stored(model, item_pk) -> Counter:
        return Counter(dict(model.objects.filter(item_id=item_pk).values_list("term", "frequency")))

    def _forget(self, model, tenant, user_id, item_pk, old: Counter) -> None:
        model.objects.filter(item_id=item_pk).delete()
        self._count(tenant, user_id, Counter({term: -1 for term in old}), -1, -sum(old.values()))

    @staticmethod
    def _count(tenant: str, user_id: str, frequencies: Counter, documents: int, length: int) -> None:
        """Document frequencies and corpus size move together, as upserts (the same SQL on SQLite and
        PostgreSQL). Terms are sorted so concurrent writers lock rows in one order."""
        table, state = TermDocuments._meta.db_table, SearchIndexState._meta.db_table
        keys = sorted(frequencies)
        with connection.cursor() as cursor:
            for start in range(0, len(keys), 200):
                chunk = keys[start:start + 200]
                cursor.execute(
                    f"INSERT INTO {table} (tenant, user_id, term, documents) VALUES "
                    + ", ".join(["(%s, %s, %s, %s)"] * len(chunk))
                    + f" ON CONFLICT (tenant, user_id, term) DO UPDATE SET documents = {table}.documents + excluded.documents",
                    [value for term in chunk for value in (tenant, user_id, term, frequencies[term])])
            cursor.execute(
                f"INSERT INTO {state} (tenant, user_id, documents, total_length, version, vectors_version) "
                f"VALUES (%s, %s, %s, %s, %s, %s) "
                f"ON CONFLICT (tenant, user_id) DO UPDATE SET documents = {state}.documents + excluded.documents, "
                f"total_length = {state}.total_length + excluded.total_length, version = excluded.version",
                # a state row made anew (a new user, or one whose first write was rolled back) has vectors of its own
                [tenant, user_id, documents, length, new_version(), new_version()])

    # --- read side ------------------------------------------------------------------------------------

    def prepare(self, tenant: str, user_id: str, query: str) -> KeywordQuery | None:
        """The query's terms with their idf over this user's items, in one statement: the user's state row (corpus
        size, and the index versions the vector index needs: a round trip saved) joined with each term's row (a
        term the user never used scores nothing, so without rows it is not needed). The reads of this index are
        SQL written out, as its writes are: building and compiling them through the ORM cost more than running
        them."""
        query_terms = {term_digest(term) for term in terms(query)}
        if not query_terms:
            return None
        term_is_queried, term_params = any_of("term_documents.term", query_terms)
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT state.version, state.vectors_version, state.documents, state.standing_version, "
                f"state.total_length, "
                f"term_documents.term, term_documents.documents FROM {SearchIndexState._meta.db_table} AS state "
                f"LEFT JOIN {TermDocuments._meta.db_table} AS term_documents ON term_documents.tenant = state.tenant "
                f"AND term_documents.user_id = state.user_id AND {term_is_queried} AND term_documents.documents > 0 "
                f"WHERE state.tenant = %s AND state.user_id = %s", [*term_params, tenant, user_id])
            rows = cursor.fetchall()
        frequencies = {term: frequency for *_, term, frequency in rows if term is not None}
        index_state = IndexState(*(value or 0 for value in rows[0][:4])) if rows else IndexState()
        documents, total_length = index_state.documents, (rows[0][4] or 0) if rows else 0
        idf = {term: math.log(1 + (documents - frequency + 0.5) / (frequency + 0.5))
               for term, frequency in frequencies.items()}
        common = {term for term, frequency in frequencies.items() if frequency > COMMON_TERM_DOCUMENTS}
        return KeywordQuery(query_terms=set(frequencies), idf=idf, common=common, index_state=index_state,
                            average_length=(total_length / documents) if documents else 0.0)

    def search(self, prepared: KeywordQuery | None, tenant: str, user_id: str, source_type: str,
               limit: int) -> dict[int, float]:
        """The ``limit`` best items of one kind by BM25 (item pk -> score), from the rarer terms' postings."""
        return self.search_each(prepared, tenant, user_id, [(source_type, limit)])[0]

    def search_each(self, prepared: KeywordQuery | None, tenant: str, user_id: str,
                    searches: list[tuple[str, int]]) -> list[dict[int, float]]:
        """``search`` for several (kind, limit) pairs, each read of postings made once for all of them."""
        rare = prepared.query_terms - prepared.common if prepared is not None else set()
        found = self._postings_each(tenant, user_id, [(source_type, rare, None) for source_type, _ in searches]) \
            if rare else [{} for _ in searches]
        if prepared is not None:
            prepared.rare_postings.update((kind, postings) for (kind, _), postings in zip(searches, found))
        if not rare:
            return [{} for _ in searches]
        best = [sorted(postings, key=lambda pk: -prepared.score(*postings[pk]))[:limit]
                for postings, (_, limit) in zip(found, searches)]
        return self.scores_each(prepared, tenant, user_id, [(source_type, pks) for (source_type, _), pks in
                                                            zip(searches, best)],
                                partials=[{pk: postings[pk] for pk in pks} for postings, pks in zip(found, best)])

    def scores(self, prepared: KeywordQuery | None, tenant: str, user_id: str, source_type: str,
               item_pks) -> dict[int, float]:
        """Exact BM25 for the given items: their postings of the query's terms (one indexed read)."""
        return self.scores_each(prepared, tenant, user_id, [(source_type, item_pks)])[0]

    def scores_each(self, prepared: KeywordQuery | None, tenant: str, user_id: str, requests,
                    partials: list[dict] | None = None) -> list[dict[int, float]]:
        """``scores`` for several (kind, item pks) pairs in one read. With ``partials`` (the rare terms' postings,
        already read, given or kept by ``search_each``) only the common terms are read."""
        requests = [(source_type, list(item_pks)) for source_type, item_pks in requests]
        if prepared is None:
            return [{} for _ in requests]
        if partials is None and all(source_type in prepared.rare_postings for source_type, _ in requests):
            partials = [{pk: prepared.rare_postings[source_type][pk] for pk in item_pks
                         if pk in prepared.rare_postings[source_type]} for source_type, item_pks in requests]
        wanted = prepared.common if partials is not None else prepared.query_terms
        found = [defaultdict(lambda: ({}, 0), partial) for partial in (partials or [{} for _ in requests])]
        reads = [(position, (source_type, wanted, item_pks))
                 for position, (source_type, item_pks) in enumerate(requests) if item_pks and wanted]
        for (position, _), extra in zip(reads, self._postings_each(tenant, user_id, [read for _, read in reads])):
            for pk, (frequencies, length) in extra.items():
                found[position][pk] = ({**found[position][pk][0], **frequencies}, length)
        return [{pk: prepared.score(*postings[pk]) for pk in item_pks if pk in postings}
                for postings, (_, item_pks) in zip(found, requests)]

    @staticmethod
    def _postings_each(tenant: str, user_id: str, reads) -> list[dict[int, tuple[dict[int, int], int]]]:
        """Item pk -> (term frequencies, length) for each read of one user's postings, given as (kind, terms,
        item pks or None for any item), in one statement (UNION ALL)."""
        found: list[dict[int, tuple[dict[int, int], int]]] = [{} for _ in reads]
        if not reads:
            return found
        parts, params = [], []
        for position, (source_type, read_terms, item_pks) in enumerate(reads):
            term_is_read, term_params = any_of("term", read_terms)
            conditions, part_params = ["tenant = %s", "user_id = %s", term_is_read], [tenant, user_id, *term_params]
            if item_pks is not None:
                item_is_read, item_params = any_of("item_id", item_pks)
                conditions.append(item_is_read)
                part_params += item_params
            parts.append(f"SELECT {position} AS posting_read, item_id, term, frequency, length "
                         f"FROM {POSTING_MODELS[source_type]._meta.db_table} WHERE {' AND '.join(conditions)}")
            params += part_params
        with connection.cursor() as cursor:
            cursor.execute(" UNION ALL ".join(parts), params)
            for position, pk, term, frequency, length in cursor.fetchall():
                found[position].setdefault(pk, ({}, length))[0][term] = frequency
        return found
